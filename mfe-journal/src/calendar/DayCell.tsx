import {
  calendarIntensity,
  formatIls,
  formatPercent,
  formatR,
  intensityTint,
  Num,
  PlusIcon,
  withAlpha,
} from '@yoman/ui';
import styled, { css, useTheme } from 'styled-components';
import { he } from '../i18n';
import { type CalendarUnit, type DayResult, dayTone, dayValue } from './day-figures';
import { dayAriaLabel, longDate } from './day-label';
import type { GridDay } from './month-grid';

const Cell = styled.div<{ $tint: string; $today: boolean; $inMonth: boolean }>`
  position: relative;
  min-height: 92px;
  border-radius: ${({ theme }) => theme.radii.input};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ $tint }) => $tint};
  opacity: ${({ $inMonth }) => ($inMonth ? 1 : 0.4)};
  ${({ $today, theme }) =>
    $today &&
    css`
      outline: 2px solid ${theme.colors.accent};
      outline-offset: -2px;
    `}

  &:hover [data-add-trade],
  &:focus-within [data-add-trade] {
    opacity: 1;
  }
`;

const DayButton = styled.button`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space[2]};
  border: 0;
  border-radius: inherit;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  text-align: start;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => withAlpha(theme.colors.text, 0.04)};
  }
`;

const DayNumber = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  align-self: flex-start;
`;

const Result = styled.span`
  align-self: flex-end;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  font-size: ${({ theme }) => theme.fontSizes.caption};
  line-height: ${({ theme }) => theme.lineHeights.tight};
`;

const Main = styled(Num)`
  font-size: ${({ theme }) => theme.fontSizes.body};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Dots = styled.span`
  position: absolute;
  bottom: ${({ theme }) => theme.space[2]};
  left: ${({ theme }) => theme.space[2]};
  display: flex;
  gap: 3px;
  pointer-events: none;
`;

const Dot = styled.span<{ $tone: 'profit' | 'warn' }>`
  width: 7px;
  height: 7px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => theme.colors[$tone]};
`;

const OtherMonthNumber = styled.span`
  display: block;
  padding: ${({ theme }) => theme.space[2]};
`;

const AddButton = styled.button`
  position: absolute;
  bottom: ${({ theme }) => theme.space[2]};
  right: ${({ theme }) => theme.space[2]};
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface2};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  opacity: 0;

  &:focus-visible {
    opacity: 1;
  }

  @media (hover: none) {
    opacity: 1;
  }
`;

export type DayCellProps = {
  day: GridDay;
  result: DayResult | undefined;
  unit: CalendarUnit;
  onOpen: (date: string) => void;
  onAddTrade: (date: string) => void;
};

/** The value a day shows in the chosen unit. */
export function formatDayValue(result: DayResult, unit: CalendarUnit): string {
  const value = dayValue(result, unit);
  if (unit === 'R') return formatR(value);
  if (unit === 'ILS') return formatIls(value);
  return formatPercent(value, { signed: true });
}

function LeadingDay({ day }: { day: GridDay }) {
  return (
    <Cell $tint="transparent" $today={false} $inMonth={false} aria-hidden="true">
      <OtherMonthNumber>{day.dayOfMonth}</OtherMonthNumber>
    </Cell>
  );
}

/** One day square: number top-start, result bottom-end, tint by |netR|/5, dots bottom-start, add on hover. */
export function DayCell({ day, result, unit, onOpen, onAddTrade }: DayCellProps) {
  const theme = useTheme();
  if (!day.inMonth) return <LeadingDay day={day} />;
  const traded = result !== undefined && result.totalTrades > 0;
  const tone = traded ? dayTone(result) : 'flat';
  return (
    <Cell
      $tint={
        traded && tone !== 'flat'
          ? intensityTint(tone, calendarIntensity(result.netR))
          : withAlpha(theme.colors.flat, 0.18)
      }
      $today={day.isToday}
      $inMonth
      data-date={day.date}
      data-tone={tone}
    >
      <DayButton
        type="button"
        aria-label={dayAriaLabel(day.date, result)}
        aria-current={day.isToday ? 'date' : undefined}
        onClick={() => onOpen(day.date)}
      >
        <DayNumber>{day.dayOfMonth}</DayNumber>
        {traded && (
          <Result data-testid="day-result">
            <Main>{formatDayValue(result, unit)}</Main>
            {unit === 'R' && <Num>{formatIls(result.netPnlIls)}</Num>}
          </Result>
        )}
      </DayButton>
      {traded && (result.allHaveScreenshots || result.hasLowTrust) && (
        <Dots>
          {result.allHaveScreenshots && (
            <Dot
              $tone="profit"
              role="img"
              aria-label={he.calendar.dotScreenshots}
              title={he.calendar.dotScreenshots}
            />
          )}
          {result.hasLowTrust && (
            <Dot
              $tone="warn"
              role="img"
              aria-label={he.calendar.dotLowTrust}
              title={he.calendar.dotLowTrust}
            />
          )}
        </Dots>
      )}
      {!traded && (
        <AddButton
          type="button"
          data-add-trade
          aria-label={he.calendar.addTradeOn(longDate(day.date))}
          onClick={() => onAddTrade(day.date)}
        >
          <PlusIcon size={16} />
        </AddButton>
      )}
    </Cell>
  );
}
