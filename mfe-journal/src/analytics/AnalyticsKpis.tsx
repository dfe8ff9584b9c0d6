import type { Analytics } from '@yoman/contracts';
import { formatCount, formatPercent, formatR, KpiTile, media, Num, Skeleton } from '@yoman/ui';
import styled from 'styled-components';
import { heAnalytics as a } from '../i18n-analytics';

const Tiles = styled.section`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(150px, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  overflow-x: auto;

  ${media.md} {
    grid-auto-flow: row;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    overflow-x: visible;
  }
  ${media.lg} {
    grid-template-columns: repeat(6, minmax(0, 1fr));
  }
`;

/** Minutes as hours and minutes, 'H:MM' (95 → '1:35'); the tile's label says the unit. */
export function holdTimeText(minutes: number): string {
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function AnalyticsKpisSkeleton() {
  return (
    <Tiles aria-busy="true" aria-label={a.title}>
      {['w', 'e', 'h', 't', 'ws', 'ls'].map((key) => (
        <Skeleton key={key} height="84px" radius="card" />
      ))}
    </Tiles>
  );
}

/** The six top figures of spec §2 Analytics. */
export function AnalyticsKpis({ core }: { core: Analytics['coreMetrics'] }) {
  return (
    <Tiles aria-label={a.title} data-testid="analytics-kpis">
      <KpiTile label={a.winRate} value={<Num data-kpi="win-rate">{formatPercent(core.winRate)}</Num>} />
      <KpiTile
        label={a.expectancy}
        value={<Num data-kpi="expectancy">{formatR(core.expectancy)}</Num>}
        tone={core.expectancy > 0 ? 'profit' : core.expectancy < 0 ? 'loss' : 'default'}
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
    </Tiles>
  );
}
