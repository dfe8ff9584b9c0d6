import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import type { Analytics } from '@yoman/contracts';
import { formatR } from '@yoman/ui';
import { useTheme } from 'styled-components';
import { heAnalytics as a } from '../../i18n-analytics';
import { axisLook, CHART_HEIGHT, ChartFrame, DataTable, MARGIN, useChartWidth } from './ChartFrame';

type Curve = Analytics['cumulativeR'];

const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;

/** At most this many period labels under the axis, evenly picked, each with room for a 'yyyy-MM'. */
const MAX_TICKS = 8;
const TICK_ROOM = 70;

function everyNth<T>(items: T[], max: number): T[] {
  const step = Math.max(1, Math.ceil(items.length / max));
  return items.filter((_, i) => i % step === 0);
}

/** Cumulative R by day or month, with the zero line visible. */
export function CumulativeRChart({ curve }: { curve: Curve }) {
  const theme = useTheme();
  const width = useChartWidth();
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const points = curve.points;
  const values = points.map((p) => p.cumulativeR);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const x = scalePoint<string>({ domain: points.map((p) => p.period), range: [0, innerWidth], padding: 0.5 });
  const y = scaleLinear<number>({
    domain: [low, high === low ? low + 1 : high],
    range: [innerHeight, 0],
    nice: true,
  });
  const last = points.at(-1)?.cumulativeR ?? 0;
  const trades = points.reduce((sum, p) => sum + p.trades, 0);
  const axis = axisLook(theme.colors.textMuted);
  return (
    <ChartFrame
      id="cumulative-r"
      title={a.cumulativeTitle}
      summary={a.cumulativeSummary(trades, formatR(last))}
      empty={points.length === 0 ? a.noChartData : undefined}
      table={
        <DataTable
          caption={a.cumulativeTitle}
          headers={[a.date, a.netR, a.cumulativeR, a.trades]}
          rows={points.map((p) => [p.period, formatR(p.netR), formatR(p.cumulativeR), String(p.trades)])}
        />
      }
    >
      <svg viewBox={`0 0 ${width} ${CHART_HEIGHT}`} aria-hidden>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <Line
            from={{ x: 0, y: y(0) }}
            to={{ x: innerWidth, y: y(0) }}
            stroke={theme.colors.flat}
            strokeDasharray="4 4"
            data-zero-line
          />
          <LinePath
            data={points}
            x={(p) => x(p.period) ?? 0}
            y={(p) => y(p.cumulativeR)}
            stroke={last >= 0 ? theme.colors.profit : theme.colors.loss}
            strokeWidth={2}
            data-series="cumulative-r"
          />
          {points.map((p) => (
            <circle
              key={p.period}
              cx={x(p.period) ?? 0}
              cy={y(p.cumulativeR)}
              r={3}
              fill={p.netR >= 0 ? theme.colors.profit : theme.colors.loss}
            >
              <title>{`${p.period}: ${formatR(p.cumulativeR)}`}</title>
            </circle>
          ))}
          <AxisLeft scale={y} numTicks={5} tickFormat={(v) => formatR(Number(v), 1)} {...axis} />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={everyNth(
              points.map((p) => p.period),
              Math.min(MAX_TICKS, Math.floor(innerWidth / TICK_ROOM)),
            )}
            {...axis}
          />
        </Group>
      </svg>
    </ChartFrame>
  );
}
