import type { DashboardStats } from '@yoman/contracts';
import { formatCount, formatPercent, formatR, KpiTile, Num } from '@yoman/ui';
import styled from 'styled-components';
import { heDashboard as d } from '../i18n-analytics';
import { KpiTiles, KpiTilesSkeleton, signTone, winRateTone } from '../screen/KpiTiles';
import { streakText } from './dashboard-figures';

const Bar = styled.div`
  height: 6px;
  margin-top: ${({ theme }) => theme.space[1]};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;

  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.accent};
  }
`;

const SKELETON_TILES = ['win-rate', 'net-r', 'avg-r', 'streak', 'drawdown', 'trades', 'progress'];

/** The dashboard's seven KPI cards while loading: the same grid of tiles, shimmering. */
export function DashboardKpisSkeleton() {
  return <KpiTilesSkeleton label={d.kpis} keys={SKELETON_TILES} height="96px" />;
}

/** The seven KPI cards of spec §2: win rate, net R, average R, streaks, drawdown, trades, goal progress. */
export function DashboardKpis({ stats }: { stats: DashboardStats }) {
  const progressWidth = `${Math.min(100, Math.max(0, stats.monthlyProgress))}%`;
  return (
    <KpiTiles $columns={7} aria-label={d.kpis} data-testid="dashboard-kpis">
      <KpiTile
        label={d.winRate}
        value={<Num data-kpi="win-rate">{formatPercent(stats.winRate)}</Num>}
        tone={winRateTone(stats.winRate, stats.totalTrades)}
      />
      <KpiTile
        label={d.netR}
        value={<Num data-kpi="net-r">{formatR(stats.netR)}</Num>}
        tone={signTone(stats.netR)}
      />
      <KpiTile
        label={d.avgR}
        value={<Num data-kpi="avg-r">{formatR(stats.avgRPerTrade)}</Num>}
        tone={signTone(stats.avgRPerTrade)}
      />
      <KpiTile
        label={d.currentStreak}
        value={<Num data-kpi="streak">{streakText(stats.currentStreak)}</Num>}
        tone={signTone(stats.currentStreak)}
        delta={
          <>
            {stats.currentStreak > 0 ? d.streakWins : stats.currentStreak < 0 ? d.streakLosses : d.streakNone}
            {' · '}
            {d.maxStreak(String(stats.maxStreak))}
          </>
        }
      />
      <KpiTile
        label={d.drawdown}
        value={<Num data-kpi="drawdown">{formatR(-stats.monthlyDrawdown)}</Num>}
        tone={stats.monthlyDrawdown > 0 ? 'loss' : 'default'}
      />
      <KpiTile label={d.totalTrades} value={<Num data-kpi="trades">{formatCount(stats.totalTrades)}</Num>} />
      <KpiTile
        label={d.monthlyProgress}
        value={<Num data-kpi="progress">{formatPercent(stats.monthlyProgress)}</Num>}
        delta={
          <>
            {d.goalOf(formatR(stats.monthlyGoalR, 0))}
            <Bar
              role="progressbar"
              aria-label={d.monthlyProgress}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(Math.min(100, Math.max(0, stats.monthlyProgress)))}
            >
              <span style={{ width: progressWidth }} />
            </Bar>
          </>
        }
      />
    </KpiTiles>
  );
}
