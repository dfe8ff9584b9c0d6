import { formatCount, formatIlsWhole, formatR, KpiTile, Num } from '@yoman/ui';
import { he } from '../i18n';
import { KpiTiles, KpiTilesSkeleton, signTone, winRateTone } from '../screen/KpiTiles';
import { ConsistencyRing } from './ConsistencyRing';
import type { MonthKpis } from './month-kpis';

const SKELETON_TILES = ['net-r', 'trades', 'win-rate', 'average-r', 'profit', 'days', 'consistency'];

export type MonthKpiTilesProps = { kpis: MonthKpis | null };

/** The calendar's seven KPI tiles; a skeleton of the same tiles while the month loads. */
export function MonthKpiTiles({ kpis }: MonthKpiTilesProps) {
  const c = he.calendar;
  if (!kpis) return <KpiTilesSkeleton label={c.title} keys={SKELETON_TILES} height="84px" />;
  return (
    <KpiTiles $columns={7} aria-label={c.title} data-testid="month-kpis">
      <KpiTile
        label={c.kpiNetR}
        value={<Num data-kpi="net-r">{formatR(kpis.netR, 1)}</Num>}
        tone={signTone(kpis.netR)}
      />
      <KpiTile label={c.kpiTrades} value={<Num data-kpi="trades">{formatCount(kpis.trades)}</Num>} />
      <KpiTile
        label={c.kpiWinRate}
        value={<Num data-kpi="win-rate">{`${kpis.winRate}%`}</Num>}
        tone={winRateTone(kpis.winRate, kpis.trades)}
      />
      <KpiTile
        label={c.kpiAverageR}
        value={<Num data-kpi="average-r">{formatR(kpis.averageR)}</Num>}
        tone={signTone(kpis.averageR)}
      />
      <KpiTile
        label={c.kpiProfitIls}
        value={<Num data-kpi="profit-ils">{formatIlsWhole(kpis.profitIls)}</Num>}
        tone={signTone(kpis.profitIls)}
      />
      <KpiTile
        label={c.kpiWinningDays}
        value={
          // The tile's value is a left-to-right run; this one is a Hebrew phrase, so it gets its own direction.
          <span dir="rtl" data-kpi="winning-days">
            <Num>{kpis.winningDays}</Num> {c.winningDaysOf} <Num>{kpis.tradingDays}</Num>
          </span>
        }
      />
      <KpiTile
        label={c.kpiConsistency}
        value={<Num data-kpi="consistency">{`${kpis.consistency}%`}</Num>}
        delta={c.consistencyHint}
      >
        <ConsistencyRing percent={kpis.consistency} label={`${c.kpiConsistency}: ${kpis.consistency}%`} />
      </KpiTile>
    </KpiTiles>
  );
}
