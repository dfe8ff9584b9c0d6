import {
  SETUP_TYPE_LABELS,
  SETUP_TYPES,
  TRADE_RESULT_LABELS,
  TRADE_RESULTS,
  TRADE_SESSION_LABELS,
  TRADE_SESSIONS,
  TRUST_LEVELS,
} from '@yoman/contracts/constants';
import { Button, Card, CardTitle } from '@yoman/ui';
import { TextField } from '@yoman/ui/overlays';
import styled from 'styled-components';
import { FilterSelect } from '../calendar/FilterSelect';
import { he } from '../i18n';
import { type TradesFilters as Filters, hasActiveFilters, NO_FILTERS } from './trades-filters';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]};
`;

const Search = styled.div`
  flex: 1 1 220px;
`;

const withAll = <T extends string>(all: string, labels: Record<T, string>) =>
  ({ all, ...labels }) as Record<'all' | T, string>;

export type TradesFiltersProps = { filters: Filters; onChange: (filters: Filters) => void };

/** The filters card: search, session, setup, result, trust level and clear all. */
export function TradesFilters({ filters, onChange }: TradesFiltersProps) {
  const t = he.trades;
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  return (
    <Card as="section" aria-labelledby="trades-filters-title">
      <CardTitle id="trades-filters-title">{t.filtersTitle}</CardTitle>
      <Row>
        <Search>
          <TextField
            label={t.search}
            type="search"
            placeholder={t.searchPlaceholder}
            value={filters.search}
            onChange={(e) => set({ search: e.target.value })}
          />
        </Search>
        <FilterSelect
          label={t.session}
          value={filters.session}
          options={['all', ...TRADE_SESSIONS] as const}
          labels={withAll(he.sessions.all, TRADE_SESSION_LABELS)}
          onChange={(session) => set({ session })}
        />
        <FilterSelect
          label={t.setup}
          value={filters.setup}
          options={['all', ...SETUP_TYPES] as const}
          labels={withAll(he.setups.all, SETUP_TYPE_LABELS)}
          onChange={(setup) => set({ setup })}
        />
        <FilterSelect
          label={t.result}
          value={filters.result}
          options={['all', ...TRADE_RESULTS] as const}
          labels={withAll(he.results.all, TRADE_RESULT_LABELS)}
          onChange={(result) => set({ result })}
        />
        <FilterSelect
          label={t.trust}
          value={filters.trust}
          options={['all', ...TRUST_LEVELS] as const}
          labels={he.trustLevels}
          onChange={(trust) => set({ trust })}
        />
        <Button
          variant="ghost"
          size="sm"
          disabled={!hasActiveFilters(filters)}
          onClick={() => onChange(NO_FILTERS)}
        >
          {t.clearAll}
        </Button>
      </Row>
    </Card>
  );
}
