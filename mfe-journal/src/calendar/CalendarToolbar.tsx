import { ASSET_TYPES, CALENDAR_UNITS, TRADE_SESSIONS } from '@yoman/contracts/constants';
import { Button, ChevronLeftIcon, ChevronRightIcon, IconButton } from '@yoman/ui';
import styled from 'styled-components';
import { he } from '../i18n';
import type { CalendarUnit } from './day-figures';
import { FilterSelect } from './FilterSelect';
import type { AssetFilter, SessionFilter } from './use-month-days';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
`;

const Navigation = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Heading = styled.h1`
  min-width: 9ch;
  font-size: ${({ theme }) => theme.fontSizes.h2};
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]};
`;

const Units = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.input};
  overflow: hidden;
`;

const UnitButton = styled.button`
  min-width: 44px;
  height: 36px;
  border: 0;
  background: ${({ theme }) => theme.colors.surface1};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.onAccent};
  }
`;

const SESSION_OPTIONS = ['all', ...TRADE_SESSIONS] as const;
const ASSET_OPTIONS = ['all', ...ASSET_TYPES] as const;

export type CalendarToolbarProps = {
  heading: string;
  unit: CalendarUnit;
  session: SessionFilter;
  asset: AssetFilter;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onUnit: (unit: CalendarUnit) => void;
  onSession: (session: SessionFilter) => void;
  onAsset: (asset: AssetFilter) => void;
};

/** Month navigation (chevrons mirror in RTL, so "next" points left) and the three filters. */
export function CalendarToolbar(props: CalendarToolbarProps) {
  return (
    <Bar>
      <Navigation>
        <IconButton aria-label={he.calendar.previousMonth} onClick={props.onPrevious}>
          <ChevronLeftIcon />
        </IconButton>
        <Heading aria-live="polite">{props.heading}</Heading>
        <IconButton aria-label={he.calendar.nextMonth} onClick={props.onNext}>
          <ChevronRightIcon />
        </IconButton>
        <Button variant="secondary" size="sm" onClick={props.onToday}>
          {he.calendar.today}
        </Button>
      </Navigation>
      <Filters>
        <Units role="group" aria-label={he.calendar.unitsLabel}>
          {CALENDAR_UNITS.map((u) => (
            <UnitButton
              key={u}
              type="button"
              aria-pressed={props.unit === u}
              aria-label={he.unitNames[u]}
              onClick={() => props.onUnit(u)}
            >
              {he.units[u]}
            </UnitButton>
          ))}
        </Units>
        <FilterSelect
          label={he.calendar.sessionLabel}
          value={props.session}
          options={SESSION_OPTIONS}
          labels={he.sessions}
          onChange={props.onSession}
        />
        <FilterSelect
          label={he.calendar.assetLabel}
          value={props.asset}
          options={ASSET_OPTIONS}
          labels={he.assetTypes}
          onChange={props.onAsset}
        />
      </Filters>
    </Bar>
  );
}
