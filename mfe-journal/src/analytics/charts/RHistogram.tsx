import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { Analytics } from '@yoman/contracts';
import { formatPercent } from '@yoman/ui';
import { useTheme } from 'styled-components';
import { heAnalytics as a } from '../../i18n-analytics';
import { FigureText } from '../../screen/FigureText';
import { axisLook, CHART_HEIGHT, ChartFrame, DataTable, MARGIN, useChartWidth } from './ChartFrame';

type Bucket = Analytics['rDistribution'][number];

const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;

/** Short axis labels of the seven buckets, lowest first (the Hebrew labels are in the table). */
const SHORT_LABELS: Record<Bucket['key'], string> = {
  'below-2': '<−2',
  '-2to-1': '−2…−1',
  '-1to0': '−1…0',
  '0to1': '0…1',
  '1to2': '1…2',
  '2to3': '2…3',
  above3: '≥3',
};

const isLoss = (key: Bucket['key']) => key === 'below-2' || key === '-2to-1' || key === '-1to0';

/** The R histogram: trades per R bucket, losses red and wins green. */
export function RHistogram({ buckets }: { buckets: Bucket[] }) {
  const theme = useTheme();
  const width = useChartWidth();
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  const x = scaleBand<string>({ domain: buckets.map((b) => b.key), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...buckets.map((b) => b.count))],
    range: [innerHeight, 0],
    nice: true,
  });
  const axis = axisLook(theme.colors.textMuted);
  return (
    <ChartFrame
      id="r-histogram"
      title={a.histogramTitle}
      summary={a.histogramSummary(total)}
      empty={total === 0 ? a.noChartData : undefined}
      table={
        <DataTable
          caption={a.histogramTitle}
          headers={[a.range, a.count, a.percentage]}
          rows={buckets.map((b) => [
            <FigureText key={b.key} text={b.range} />,
            String(b.count),
            formatPercent(b.percentage),
          ])}
        />
      }
    >
      <svg viewBox={`0 0 ${width} ${CHART_HEIGHT}`} aria-hidden>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {buckets.map((b) => (
            <Bar
              key={b.key}
              data-bucket={b.key}
              x={x(b.key) ?? 0}
              y={y(b.count)}
              width={x.bandwidth()}
              height={innerHeight - y(b.count)}
              fill={isLoss(b.key) ? theme.colors.loss : theme.colors.profit}
              rx={3}
            >
              <title>{`${b.range}: ${b.count} (${formatPercent(b.percentage)})`}</title>
            </Bar>
          ))}
          <AxisLeft scale={y} numTicks={5} {...axis} />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickFormat={(key) => SHORT_LABELS[key as Bucket['key']]}
            {...axis}
          />
        </Group>
      </svg>
    </ChartFrame>
  );
}
