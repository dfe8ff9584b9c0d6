import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import type { Analytics } from '@yoman/contracts';
import { formatPercent, formatR } from '@yoman/ui';
import { useTheme } from 'styled-components';
import { ltr } from '../../i18n';
import { heAnalytics as a } from '../../i18n-analytics';
import { ChartFrame, DataTable, useChartWidth } from './ChartFrame';

type Comparison = Analytics['comparison'];
type Figures = Comparison['me'];

/** The figures compared, each on its own scale (percent and R do not share an axis). */
const METRICS = [
  { key: 'winRate', label: a.winRate, format: (n: number) => formatPercent(n) },
  { key: 'avgR', label: a.avgR, format: (n: number) => formatR(n) },
  { key: 'netR', label: a.netR, format: (n: number) => formatR(n) },
] as const satisfies readonly { key: keyof Figures; label: string; format: (n: number) => string }[];

const ROW = 64;
const LABEL = 140;
const BAR = 18;
const HEIGHT = ROW * METRICS.length;

export function comparisonGroupLabel(scope: Comparison['scope']): string {
  return scope === 'league' ? a.comparisonLeague : a.comparisonOrganisation;
}

/** The student's figures against the average of their league or organisation, as paired bars. */
export function ComparisonChart({ comparison }: { comparison: Comparison }) {
  const theme = useTheme();
  const { me, peers } = comparison;
  const title = a.comparisonTitle(comparisonGroupLabel(comparison.scope));
  const width = useChartWidth();
  // The metric's name takes at most a quarter of a phone's width.
  const label = Math.min(LABEL, width / 4);
  const plotWidth = width - label - 80;
  return (
    <ChartFrame
      id="comparison"
      title={title}
      summary={
        peers
          ? METRICS.map(
              (m) => `${m.label}: ${a.me} ${m.format(me[m.key])}, ${a.average} ${m.format(peers[m.key])}`,
            ).join('; ')
          : a.comparisonMissing
      }
      empty={peers ? undefined : a.comparisonMissing}
      table={
        peers && (
          <DataTable
            caption={title}
            headers={[a.figure, a.me, a.average]}
            rows={METRICS.map((m) => [m.label, m.format(me[m.key]), m.format(peers[m.key])])}
          />
        )
      }
    >
      {peers && (
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden>
          {METRICS.map((m, row) => {
            const values = [me[m.key], peers[m.key]];
            const extent = Math.max(Math.abs(Math.min(0, ...values)), Math.max(0, ...values), 1e-9);
            const hasNegative = Math.min(...values) < 0;
            const x = scaleLinear<number>({
              domain: [hasNegative ? -extent : 0, extent],
              range: [0, plotWidth],
            });
            const zero = x(0);
            const bar = (value: number, offset: number, fill: string, series: string) => (
              <Bar
                data-series={series}
                data-metric={m.key}
                x={Math.min(zero, x(value))}
                y={offset}
                width={Math.abs(x(value) - zero)}
                height={BAR}
                fill={fill}
                rx={3}
              />
            );
            return (
              <Group key={m.key} top={row * ROW + 8}>
                <text x={0} y={BAR + 4} fontSize={12} fill={theme.colors.text}>
                  {m.label}
                </text>
                <Group left={label}>
                  {bar(me[m.key], 0, theme.colors.accent, 'me')}
                  {bar(peers[m.key], BAR + 4, theme.colors.flat, 'peers')}
                  <Line
                    from={{ x: zero, y: -2 }}
                    to={{ x: zero, y: 2 * BAR + 6 }}
                    stroke={theme.colors.textMuted}
                  />
                  <text x={plotWidth + 8} y={BAR - 4} fontSize={11} fill={theme.colors.text}>
                    {`${a.me} ${ltr(m.format(me[m.key]))}`}
                  </text>
                  <text x={plotWidth + 8} y={2 * BAR} fontSize={11} fill={theme.colors.textMuted}>
                    {`${a.average} ${ltr(m.format(peers[m.key]))}`}
                  </text>
                </Group>
              </Group>
            );
          })}
        </svg>
      )}
    </ChartFrame>
  );
}
