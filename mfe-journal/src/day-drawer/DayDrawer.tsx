import { Button, CalendarIcon, ChartIcon, EmptyState, ErrorPanel, PlusIcon, Skeleton } from '@yoman/ui';
import { SideSheet } from '@yoman/ui/overlays';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { longDate } from '../calendar/day-label';
import { dayRange } from '../calendar/month-grid';
import { he } from '../i18n';
import { useGetDailyAggregateQuery, useGetTradesQuery } from '../journal-api';
import { downloadCsv, tradesCsv } from '../trades-list/trades-csv';
import { DayTrades, InsightList, SessionRows } from './DayDetails';
import { DayFigures } from './DayFigures';
import { dayInsights } from './day-insights';
import { daySummary } from './day-summary';

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const LinkButton = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  height: 32px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.input};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface2};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

export type DayDrawerProps = {
  /** The ISO day shown; null keeps the drawer closed. */
  date: string | null;
  zone: string;
  onClose: () => void;
  onAddTrade: (date: string) => void;
};

function DayBody({
  date,
  zone,
  onAddTrade,
}: {
  date: string;
  zone: string;
  onAddTrade: (date: string) => void;
}) {
  const range = useMemo(() => dayRange(date, zone), [date, zone]);
  const trades = useGetTradesQuery(range);
  // The stored aggregate is the source of the day's figures; the trades stand in while it loads or if it is missing.
  const aggregate = useGetDailyAggregateQuery(date);
  const list = trades.data ?? [];
  const { day, sessions } = useMemo(
    () => daySummary(date, aggregate.data, list),
    [date, aggregate.data, list],
  );

  if (trades.error) {
    return <ErrorPanel title={he.drawer.loadError} retryLabel={he.calendar.retry} onRetry={trades.refetch} />;
  }
  if (trades.isLoading) {
    return (
      <Content aria-busy="true">
        <Skeleton height="160px" radius="card" />
        <Skeleton height="96px" radius="card" />
      </Content>
    );
  }
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<CalendarIcon />}
        title={he.drawer.emptyTitle}
        text={he.drawer.emptyBody}
        action={
          <Button onClick={() => onAddTrade(date)}>
            <PlusIcon size={16} />
            {he.drawer.addFirstTrade}
          </Button>
        }
      />
    );
  }
  return (
    <Content>
      <DayFigures day={day} />
      <SessionRows breakdown={sessions} />
      <DayTrades trades={list} zone={zone} />
      <InsightList insights={dayInsights(sessions, list)} />
      <Actions>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadCsv(`yoman-${date}.csv`, tradesCsv(list, zone))}
        >
          {he.drawer.exportDay}
        </Button>
        <LinkButton to="/analytics">
          <ChartIcon size={16} />
          {he.drawer.analytics}
        </LinkButton>
        <Button size="sm" onClick={() => onAddTrade(date)}>
          <PlusIcon size={16} />
          {he.drawer.addTradeForDay}
        </Button>
      </Actions>
    </Content>
  );
}

/** The day drawer (450 px on large screens): the day's figures, sessions, trades, insights and actions. */
export function DayDrawer({ date, zone, onClose, onAddTrade }: DayDrawerProps) {
  return (
    <SideSheet
      open={date !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={date ? longDate(date) : he.drawer.title}
      closeLabel={he.drawer.close}
    >
      {date && <DayBody date={date} zone={zone} onAddTrade={onAddTrade} />}
    </SideSheet>
  );
}
