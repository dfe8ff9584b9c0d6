import type { AssetTypeValue, TradeSessionValue } from '@yoman/contracts';
import { useMemo } from 'react';
import { useGetDailyAggregatesQuery, useGetTradesQuery } from '../journal-api';
import type { DayResult } from './day-figures';
import { type MonthRef, monthRange } from './month-grid';
import { tradesByDay } from './trades-by-day';

export type SessionFilter = 'all' | TradeSessionValue;
export type AssetFilter = 'all' | AssetTypeValue;

export type MonthDays = {
  days: ReadonlyMap<string, DayResult>;
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => void;
};

/**
 * The month's daily results. Unfiltered, they are the server's daily aggregates; with a session or asset
 * filter, the month's trades are fetched with those filters and grouped by exit day here, because a daily
 * aggregate cannot be split by asset type.
 */
export function useMonthDays(
  month: MonthRef,
  session: SessionFilter,
  asset: AssetFilter,
  zone: string,
): MonthDays {
  const filtered = session !== 'all' || asset !== 'all';
  const aggregates = useGetDailyAggregatesQuery(month, { skip: filtered });
  const tradeParams = useMemo(() => {
    const params: Record<string, string> = { ...monthRange(month, zone) };
    if (session !== 'all') params.session = session;
    if (asset !== 'all') params.asset = asset;
    return params;
  }, [month, zone, session, asset]);
  const trades = useGetTradesQuery(tradeParams, { skip: !filtered });
  const active = filtered ? trades : aggregates;
  const days = useMemo(() => {
    const list = filtered ? tradesByDay(trades.data ?? [], zone) : (aggregates.data ?? []);
    return new Map(list.map((d) => [d.date, d]));
  }, [filtered, trades.data, aggregates.data, zone]);
  return {
    days,
    isLoading: active.isLoading,
    isFetching: active.isFetching,
    error: active.error,
    refetch: active.refetch,
  };
}
