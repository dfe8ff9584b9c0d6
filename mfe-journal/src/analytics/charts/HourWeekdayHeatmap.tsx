import { Group } from '@visx/group';
import type { Analytics } from '@yoman/contracts';
import { CALENDAR_INTENSITY_CAP_R } from '@yoman/contracts/constants';
import { formatR } from '@yoman/ui';
import { useTheme } from 'styled-components';
import { heAnalytics as a } from '../../i18n-analytics';
import { ChartFrame, DataTable, useChartWidth } from './ChartFrame';

type Cell = Analytics['timeAnalysis']['heatmap'][number];

/** Sunday first, as the product's week (spec §9). */
export const WEEKDAY_NAMES = ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי', 'שבת'] as const;
const WEEKDAY_SHORT = ['א׳', 'ב׳', 'ג׳', 'ד׳', 'ה׳', 'ו׳', 'ש׳'] as const;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const LEFT = 32;
const TOP = 20;

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The strongest cell: the highest average R, more trades first on a tie. */
export function strongestCell(cells: Cell[]): Cell | null {
  return cells.reduce<Cell | null>(
    (best, cell) =>
      !best || cell.avgR > best.avgR || (cell.avgR === best.avgR && cell.trades > best.trades) ? cell : best,
    null,
  );
}

/** Entry hour × weekday: each cell tinted profit or loss by its average R (full at ±5R), empty cells grey. */
export function HourWeekdayHeatmap({ cells }: { cells: Cell[] }) {
  const theme = useTheme();
  // A cell's side: the 24 hours across the chart's width.
  const side = (useChartWidth() - LEFT) / 24;
  const byKey = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  const best = strongestCell(cells);
  const summary = best
    ? a.heatmapSummary(`${WEEKDAY_NAMES[best.weekday]} ${hourLabel(best.hour)} (${formatR(best.avgR)})`)
    : a.noChartData;
  return (
    <ChartFrame
      id="heatmap"
      title={a.heatmapTitle}
      summary={summary}
      empty={cells.length === 0 ? a.noChartData : undefined}
      table={
        <DataTable
          caption={a.heatmapTitle}
          headers={[a.weekday, a.hour, a.trades, a.netR, a.avgR]}
          rows={cells.map((c) => [
            WEEKDAY_NAMES[c.weekday],
            hourLabel(c.hour),
            String(c.trades),
            formatR(c.netR),
            formatR(c.avgR),
          ])}
        />
      }
    >
      <svg viewBox={`0 0 ${LEFT + side * 24} ${TOP + side * 7}`} aria-hidden>
        {HOURS.filter((hour) => hour % 3 === 0).map((hour) => (
          <text
            key={hour}
            x={LEFT + hour * side + side / 2}
            y={12}
            fontSize={10}
            textAnchor="middle"
            fill={theme.colors.textMuted}
          >
            {String(hour).padStart(2, '0')}
          </text>
        ))}
        {WEEKDAY_SHORT.map((name, weekday) => (
          <text
            key={name}
            x={LEFT - 6}
            y={TOP + weekday * side + side / 2 + 4}
            fontSize={11}
            textAnchor="end"
            fill={theme.colors.textMuted}
          >
            {name}
          </text>
        ))}
        <Group left={LEFT} top={TOP}>
          {WEEKDAYS.map((weekday) =>
            HOURS.map((hour) => {
              const cell = byKey.get(`${weekday}-${hour}`);
              const strength = cell ? Math.min(1, Math.abs(cell.avgR) / CALENDAR_INTENSITY_CAP_R) : 0;
              return (
                <rect
                  key={`${weekday}-${hour}`}
                  data-cell={cell ? `${weekday}-${hour}` : undefined}
                  x={hour * side + 1}
                  y={weekday * side + 1}
                  width={side - 2}
                  height={side - 2}
                  rx={3}
                  fill={
                    !cell ? theme.colors.surface2 : cell.avgR >= 0 ? theme.colors.profit : theme.colors.loss
                  }
                  fillOpacity={cell ? 0.25 + 0.75 * strength : 1}
                >
                  {cell && (
                    <title>{`${WEEKDAY_NAMES[weekday]} ${hourLabel(hour)}: ${cell.trades} · ${formatR(cell.avgR)}`}</title>
                  )}
                </rect>
              );
            }),
          )}
        </Group>
      </svg>
    </ChartFrame>
  );
}
