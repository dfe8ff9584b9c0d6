import { formatR, Num, Skeleton } from '@yoman/ui';
import { WEEKDAYS_FROM_SUNDAY } from '@yoman/ui/dates';
import { Fragment, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { he } from '../i18n';
import { DayCell } from './DayCell';
import type { CalendarUnit, DayResult } from './day-figures';
import { dayAfterKey } from './day-keys';
import type { GridDay } from './month-grid';
import { weekSummary } from './month-kpis';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(7, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[1]};
`;

const Weekday = styled.div`
  padding: ${({ theme }) => theme.space[1]};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const WeekSummary = styled.p`
  grid-column: 1 / -1;
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

// Stable keys for the 35 blank squares of the loading grid.
const SKELETON_DAYS = Array.from({ length: 35 }, (_, i) => `day-${i}`);

export type MonthGridProps = {
  weeks: GridDay[][];
  days: ReadonlyMap<string, DayResult>;
  unit: CalendarUnit;
  onOpenDay: (date: string) => void;
  onAddTrade: (date: string) => void;
};

function daysOf(week: GridDay[], days: ReadonlyMap<string, DayResult>): DayResult[] {
  return week.filter((d) => d.inMonth).flatMap((d) => days.get(d.date) ?? []);
}

/** The seven-column month, Sunday first, with the first week's summary (net R and win percentage). */
export function MonthGrid({ weeks, days, unit, onOpenDay, onAddTrade }: MonthGridProps) {
  const first = weekSummary(daysOf(weeks[0] ?? [], days));
  // Arrow keys move between the month's day buttons; Tab still reaches every day and its add button.
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-date]')?.dataset.date;
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const to = from ? dayAfterKey(from, event.key, rtl) : null;
    const target = to ? event.currentTarget.querySelector<HTMLElement>(`[data-date="${to}"] > button`) : null;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Grid data-testid="month-grid" onKeyDown={moveFocus}>
      {WEEKDAYS_FROM_SUNDAY.map((name) => (
        <Weekday key={name} aria-hidden="true">
          {name}
        </Weekday>
      ))}
      {weeks.map((week, index) => (
        <Fragment key={week[0]?.date}>
          {week.map((day) => (
            <DayCell
              key={day.date}
              day={day}
              result={days.get(day.date)}
              unit={unit}
              onOpen={onOpenDay}
              onAddTrade={onAddTrade}
            />
          ))}
          {index === 0 && first.trades > 0 && (
            <WeekSummary data-testid="first-week-summary">
              <span>{he.calendar.weekSummary}:</span>
              <Num>{formatR(first.netR)}</Num>
              <span>{he.calendar.weekWinRate(first.winRate)}</span>
            </WeekSummary>
          )}
        </Fragment>
      ))}
    </Grid>
  );
}

/** The grid's shape while the month loads: weekday row and six weeks of blank squares. */
export function MonthGridSkeleton() {
  return (
    <Grid aria-busy="true" data-testid="month-grid-skeleton">
      {WEEKDAYS_FROM_SUNDAY.map((name) => (
        <Weekday key={name} aria-hidden="true">
          {name}
        </Weekday>
      ))}
      {SKELETON_DAYS.map((key) => (
        <Skeleton key={key} height="92px" />
      ))}
    </Grid>
  );
}
