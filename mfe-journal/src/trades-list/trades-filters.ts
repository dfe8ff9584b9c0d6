// The trades list's filter card and how it becomes GET /api/trades query parameters (spec §2, §7).

export type TradesFilters = {
  search: string;
  session: 'all' | 'asia' | 'london' | 'new_york';
  setup: 'all' | 'breakout' | 'pullback' | 'support' | 'pattern' | 'news' | 'other';
  result: 'all' | 'win' | 'loss';
  trust: 'all' | 'high' | 'medium' | 'low';
};

export const NO_FILTERS: TradesFilters = {
  search: '',
  session: 'all',
  setup: 'all',
  result: 'all',
  trust: 'all',
};

/** Only non-empty, non-'all' filters are sent (spec §7); the search text is trimmed. */
export function tradesQueryParams(filters: TradesFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, raw] of Object.entries(filters)) {
    const value = raw.trim();
    if (value !== '' && value !== 'all') params[key] = value;
  }
  return params;
}

/** True when any filter narrows the list, so "clear all" has something to clear. */
export function hasActiveFilters(filters: TradesFilters): boolean {
  return Object.keys(tradesQueryParams(filters)).length > 0;
}
