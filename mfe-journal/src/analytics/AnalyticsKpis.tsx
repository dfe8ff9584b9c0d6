import type { Analytics } from '@yoman/contracts';
import { formatCount, formatPercent, formatR, KpiTile, Num } from '@yoman/ui';
import { heAnalytics as a } from '../i18n-analytics';
import { KpiTiles, KpiTilesSkeleton, signTone } from '../screen/KpiTiles';

/** Minutes as hours and minutes, 'H:MM' (95 → '1:35'); the tile's label says the unit. */
export function holdTimeText(minutes: number): string {
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function AnalyticsKpisSkeleton() {
  return <KpiTilesSkeleton label={a.title} keys={['w', 'e', 'h', 't', 'ws', 'ls']} height="84px" />;
}

/** The six top figures of spec §2 Analytics. */
export function AnalyticsKpis({ core }: { core: Analytics['coreMetrics'] }) {
  return (
    <KpiTiles $columns={6} aria-label={a.title} data-testid="analytics-kpis">
      <KpiTile label={a.winRate} value={<Num data-kpi="win-rate">{formatPercent(core.winRate)}</Num>} />
      <KpiTile
        label={a.expectancy}
        value={<Num data-kpi="expectancy">{formatR(core.expectancy)}</Num>}
        tone={signTone(core.expectancy)}
      />
      <KpiTile
        label={a.avgHoldTime}
        value={<Num data-kpi="hold-time">{holdTimeText(core.avgHoldTime)}</Num>}
      />
      <KpiTile label={a.totalTrades} value={<Num data-kpi="trades">{formatCount(core.totalTrades)}</Num>} />
      <KpiTile
        label={a.maxWinStreak}
        value={<Num data-kpi="max-win-streak">{core.maxWinStreak}</Num>}
        tone="profit"
      />
      <KpiTile
        label={a.maxLossStreak}
        value={<Num data-kpi="max-loss-streak">{core.maxLossStreak}</Num>}
        tone="loss"
      />
    </KpiTiles>
  );
}
