import { Button, EmptyState, ErrorPanel, HomeIcon, media, PlusIcon, Skeleton } from '@yoman/ui';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { AddTradeDialog } from '../add-trade/AddTradeDialog';
import { useGetDashboardStatsQuery } from '../analytics-api';
import { useDisplayZone } from '../calendar/display-zone';
import { heDashboard as d } from '../i18n-analytics';
import { DashboardKpis, DashboardKpisSkeleton } from './DashboardKpis';
import { GoalCard, Shortcuts, Top3Insights, WeeklyTasks } from './DashboardPanels';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[4]};
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};

  h1 {
    font-size: ${({ theme }) => theme.fontSizes.h2};
  }
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};

  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

function PanelsSkeleton() {
  return (
    <Panels aria-hidden>
      {['goal', 'top3', 'tasks', 'shortcuts'].map((key) => (
        <Skeleton key={key} height="200px" radius="card" />
      ))}
    </Panels>
  );
}

/** / and /home: the month's seven KPIs, the goal ring, Top 3 insights, weekly tasks and four shortcuts. */
export function DashboardScreen() {
  const zone = useDisplayZone();
  const [adding, setAdding] = useState(false);
  const { data: stats, isLoading, error, refetch, isFetching } = useGetDashboardStatsQuery({});
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
            action={
              <Button onClick={openAdd}>
                <PlusIcon size={16} />
                {d.firstTrade}
              </Button>
            }
          />
        ) : (
          <DashboardKpis stats={stats} />
        )}
        <Panels>
          <GoalCard stats={stats} />
          <Top3Insights stats={stats} />
          <WeeklyTasks tasks={stats.weeklyTasks} />
          <Shortcuts onNewTrade={openAdd} />
        </Panels>
      </>
    );
  }

  return (
    <Page>
      <Header>
        <h1>{d.title}</h1>
        <Button onClick={openAdd}>
          <PlusIcon size={16} />
          {d.newTrade}
        </Button>
      </Header>
      {body}
      <AddTradeDialog open={adding} onOpenChange={setAdding} zone={zone} />
    </Page>
  );
}
