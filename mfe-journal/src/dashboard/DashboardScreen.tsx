import {
  EmptyState,
  ErrorPanel,
  HomeIcon,
  type PictureAnswer,
  Skeleton,
  useRemovesPrerenderedScreen,
} from '@yoman/ui';
import { type ReactNode, useState } from 'react';
import { LazyAddTradeDialog } from '../add-trade/LazyAddTradeDialog';
import { useGetDashboardStatsQuery } from '../analytics-api';
import { useDisplayZone } from '../calendar/display-zone';
import { heDashboard as d } from '../i18n-analytics';
import { CardGrid, PlusButton, ScreenHeader, ScreenPage } from '../screen/ScreenLayout';
import { DashboardKpis, DashboardKpisSkeleton } from './DashboardKpis';
import { GoalCard, Shortcuts, Top3Insights, WeeklyTasks } from './DashboardPanels';

function PanelsSkeleton() {
  return (
    <CardGrid $columns={4} aria-hidden>
      {['goal', 'top3', 'tasks', 'shortcuts'].map((key) => (
        <Skeleton key={key} height="200px" radius="card" />
      ))}
    </CardGrid>
  );
}

/** The dashboard's call: this month's figures (no `month`, so the server's month in the user's zone). */
const THIS_MONTH: { month?: string } = {};

/** The same call, as a page load's drawing of the dashboard shows it (pictures.tsx). */
export const DASHBOARD_PICTURE_ANSWER: PictureAnswer = {
  url: '/api/dashboard-stats',
  endpointName: 'getDashboardStats',
  arg: THIS_MONTH,
};

/** / and /home: the month's seven KPIs, the goal ring, Top 3 insights, weekly tasks and four shortcuts. */
export function DashboardScreen() {
  const zone = useDisplayZone();
  const [adding, setAdding] = useState(false);
  const { data: stats, isLoading, error, refetch, isFetching } = useGetDashboardStatsQuery(THIS_MONTH);
  // A drawn copy shows the figures: it stays until this screen shows them too (or why it cannot).
  useRemovesPrerenderedScreen(Boolean(stats) || Boolean(error));
  const openAdd = () => setAdding(true);

  let body: ReactNode;
  if (error) {
    body = <ErrorPanel title={d.loadError} retryLabel={d.retry} onRetry={refetch} retrying={isFetching} />;
  } else if (isLoading || !stats) {
    body = (
      <>
        <DashboardKpisSkeleton />
        <PanelsSkeleton />
      </>
    );
  } else {
    body = (
      <>
        {stats.totalTrades === 0 ? (
          <EmptyState
            icon={<HomeIcon />}
            title={d.emptyTitle}
            text={d.emptyBody}
            action={<PlusButton onClick={openAdd}>{d.firstTrade}</PlusButton>}
          />
        ) : (
          <DashboardKpis stats={stats} />
        )}
        <CardGrid $columns={4}>
          <GoalCard stats={stats} />
          <Top3Insights stats={stats} />
          <WeeklyTasks tasks={stats.weeklyTasks} />
          <Shortcuts onNewTrade={openAdd} />
        </CardGrid>
      </>
    );
  }

  return (
    <ScreenPage>
      <ScreenHeader>
        <h1>{d.title}</h1>
        <PlusButton onClick={openAdd}>{d.newTrade}</PlusButton>
      </ScreenHeader>
      {body}
      <LazyAddTradeDialog open={adding} onOpenChange={setAdding} zone={zone} />
    </ScreenPage>
  );
}
