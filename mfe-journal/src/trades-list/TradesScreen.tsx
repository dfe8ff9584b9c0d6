import type { Trade } from '@yoman/contracts';
import { Button, EmptyState, ErrorPanel, errorMessageOf, ListIcon, Skeleton, useToast } from '@yoman/ui';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { LazyAddTradeDialog } from '../add-trade/LazyAddTradeDialog';
import { useDisplayZone } from '../calendar/display-zone';
import { he } from '../i18n';
import { useGetTradePagesInfiniteQuery, useLazyGetTradesQuery } from '../journal-api';
import { PlusButton, ScreenHeader, ScreenPage } from '../screen/ScreenLayout';
import { DeleteTradeDialog } from './DeleteTradeDialog';
import { LoadMoreTrades } from './LoadMoreTrades';
import { TradesFilters } from './TradesFilters';
import { TradesTable } from './TradesTable';
import { downloadCsv, tradesCsv } from './trades-csv';
import {
  type TradesFilters as Filters,
  hasActiveFilters,
  NO_FILTERS,
  tradesQueryParams,
} from './trades-filters';

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; trade: Trade };

/**
 * /trades: the trade count, filters, the table a page at a time (newest first, "load more" for older), CSV
 * export of every trade matching the filters, and the add/edit dialog (`?add=true` opens it).
 */
export function TradesScreen() {
  const zone = useDisplayZone();
  const [search, setSearch] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Trade | null>(null);
  const params = useMemo(() => tradesQueryParams(filters), [filters]);
  const pages = useGetTradePagesInfiniteQuery(params);
  const { data, isLoading, error, refetch, isFetching, hasNextPage, isFetchingNextPage } = pages;
  const trades = useMemo(() => data?.pages.flatMap((page) => page.trades) ?? [], [data]);
  const [loadAllTrades, { isFetching: exporting }] = useLazyGetTradesQuery();
  const { toast } = useToast();
  const t = he.trades;

  const exportCsv = async () => {
    try {
      const all = await loadAllTrades(params).unwrap();
      downloadCsv('yoman-trades.csv', tradesCsv(all, zone));
    } catch (failure) {
      toast({ title: t.exportFailed, description: errorMessageOf(failure), variant: 'destructive' });
    }
  };

  const addRequested = search.get('add') === 'true';
  const dialogOpen = addRequested || dialog.mode !== 'closed';
  const closeDialog = () => {
    setDialog({ mode: 'closed' });
    if (addRequested) {
      const next = new URLSearchParams(search);
      next.delete('add');
      setSearch(next, { replace: true });
    }
  };
  const openAdd = () => setDialog({ mode: 'add' });

  let body: ReactNode;
  if (error && trades.length === 0) {
    body = (
      <ErrorPanel
        title={t.loadError}
        retryLabel={he.calendar.retry}
        onRetry={refetch}
        retrying={isFetching}
      />
    );
  } else if (isLoading) {
    body = <Skeleton height="320px" radius="card" />;
  } else if (trades.length === 0) {
    body = hasActiveFilters(filters) ? (
      <EmptyState icon={<ListIcon />} title={t.emptyFiltered} />
    ) : (
      <EmptyState
        icon={<ListIcon />}
        title={t.emptyTitle}
        text={t.emptyBody}
        action={<PlusButton onClick={openAdd}>{t.firstTrade}</PlusButton>}
      />
    );
  } else {
    body = (
      <>
        <TradesTable
          trades={trades}
          zone={zone}
          onEdit={(trade) => setDialog({ mode: 'edit', trade })}
          onDelete={setDeleting}
        />
        <LoadMoreTrades
          shown={trades.length}
          hasMore={hasNextPage}
          loading={isFetchingNextPage}
          failed={pages.isFetchNextPageError}
          onLoadMore={pages.fetchNextPage}
        />
      </>
    );
  }

  return (
    <ScreenPage>
      <ScreenHeader>
        <h1 data-testid="trades-title">{t.title(trades.length, hasNextPage)}</h1>
        <Buttons>
          <Button
            variant="secondary"
            disabled={trades.length === 0}
            pending={exporting}
            pendingLabel={t.exporting}
            onClick={exportCsv}
          >
            {t.exportCsv}
          </Button>
          <PlusButton onClick={openAdd}>{t.newTrade}</PlusButton>
        </Buttons>
      </ScreenHeader>
      <TradesFilters filters={filters} onChange={setFilters} />
      {body}
      <LazyAddTradeDialog
        open={dialogOpen}
        zone={zone}
        trade={dialog.mode === 'edit' ? dialog.trade : undefined}
        onOpenChange={(open) => {
          if (!open) closeDialog();
        }}
      />
      <DeleteTradeDialog trade={deleting} onClose={() => setDeleting(null)} />
    </ScreenPage>
  );
}
