import {
  ChevronLeftIcon,
  ChevronRightIcon,
  calendarIntensity,
  formatIls,
  IconButton,
  intensityTint,
  Num,
  PlusIcon,
  Skeleton,
} from '@yoman/ui';
import { WEEKDAYS_FROM_SUNDAY } from '@yoman/ui/dates';
import styled from 'styled-components';
import { he } from '../i18n';
import { formatDayValue } from './DayCell';
import { type CalendarUnit, type DayResult, dayTone } from './day-figures';
import { dayAriaLabel, longDate } from './day-label';
import type { GridDay } from './month-grid';

const Strip = styled.div`
  display: grid;
  grid-template-columns: auto repeat(7, minmax(0, 1fr)) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

const StripDay = styled.button<{ $tint: string; $today: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  min-height: 52px;
  padding: ${({ theme }) => theme.space[1]} 0;
  border: 1px solid ${({ theme, $today }) => ($today ? theme.colors.accent : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.input};
  background: ${({ $tint }) => $tint};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.caption};

  &:disabled {
    opacity: 0.4;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

// The date and the day's figures keep a gap, and the figures go under the date when a phone is too narrow
// for both (a long date beside a five-figure shekel amount).
const RowButton = styled.button`
  flex: 1;
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
  min-height: 48px;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.input};
  background: ${({ theme }) => theme.colors.surface1};
  color: ${({ theme }) => theme.colors.text};
  text-align: start;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.caption};
`;

/**
 * The shekels beside a traded day's R: on the day's tint, so in the text colour, which keeps 4.5:1 on every
 * tint (tokens.test.ts); the muted grey fell to 3.8:1 on a mid-strength profit tint.
 */
const OnTint = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.caption};
`;

export type WeekStripProps = {
  week: GridDay[];
  days: ReadonlyMap<string, DayResult>;
  unit: CalendarUnit;
  canGoBack: boolean;
  canGoForward: boolean;
  onPreviousWeek: () => void;
  onNextWeek: () => void;
  onOpenDay: (date: string) => void;
  onAddTrade: (date: string) => void;
};

function tintOf(result: DayResult | undefined, flat: string): string {
  if (!result || result.totalTrades === 0) return flat;
  const tone = dayTone(result);
  return tone === 'flat' ? flat : intensityTint(tone, calendarIntensity(result.netR));
}

/** Where the strip's week arrows stand while the week loads (an icon button: 40 px square). */
const ArrowPlace = styled.span`
  width: 40px;
`;

/**
 * The week strip's shape while the month loads: the seven days, then a row for each of the week's days in the
 * month (`rows`), where the strip and its list will be.
 */
export function WeekStripSkeleton({ rows }: { rows: number }) {
  return (
    <section aria-label={he.calendar.weekStrip} aria-busy="true" data-testid="week-strip-skeleton">
      <Strip>
        <ArrowPlace />
        {WEEKDAYS_FROM_SUNDAY.map((name) => (
          <Skeleton key={name} height="52px" />
        ))}
        <ArrowPlace />
      </Strip>
      <List>
        {Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are blank and never reorder.
          <Row key={index}>
            <Skeleton height="48px" />
          </Row>
        ))}
      </List>
    </section>
  );
}

/** The phone calendar (below 480 px): one week as a strip of days, then that week's days as a list. */
export function WeekStrip(props: WeekStripProps) {
  const { week, days, unit } = props;
  return (
    <section aria-label={he.calendar.weekStrip} data-testid="week-strip">
      <Strip>
        <IconButton
          aria-label={he.calendar.previousWeek}
          onClick={props.onPreviousWeek}
          disabled={!props.canGoBack}
        >
          <ChevronLeftIcon />
        </IconButton>
        {week.map((day, i) => (
          <StripDay
            key={day.date}
            type="button"
            disabled={!day.inMonth}
            $today={day.isToday}
            $tint={tintOf(days.get(day.date), 'transparent')}
            aria-current={day.isToday ? 'date' : undefined}
            onClick={() => props.onOpenDay(day.date)}
          >
            {/* The name is the whole day in words; the short weekday and number only show (WCAG 2.5.3). */}
            <span aria-hidden="true">{WEEKDAYS_FROM_SUNDAY[i]}</span>
            <span aria-hidden="true">{day.dayOfMonth}</span>
            <span className="visually-hidden">{dayAriaLabel(day.date, days.get(day.date))}</span>
          </StripDay>
        ))}
        <IconButton
          aria-label={he.calendar.nextWeek}
          onClick={props.onNextWeek}
          disabled={!props.canGoForward}
        >
          <ChevronRightIcon />
        </IconButton>
      </Strip>
      <List aria-label={he.calendar.dayList}>
        {week
          .filter((d) => d.inMonth)
          .map((day) => {
            const result = days.get(day.date);
            const traded = result !== undefined && result.totalTrades > 0;
            return (
              <Row key={day.date}>
                <RowButton
                  type="button"
                  style={{ background: traded ? tintOf(result, '') : undefined }}
                  onClick={() => props.onOpenDay(day.date)}
                >
                  <span>{longDate(day.date)}</span>
                  {traded ? (
                    <span>
                      <Num>{formatDayValue(result, unit)}</Num>
                      {unit === 'R' && (
                        <OnTint data-figure="day-ils">
                          {' '}
                          · <Num>{formatIls(result.netPnlIls)}</Num>
                        </OnTint>
                      )}
                    </span>
                  ) : (
                    <Muted>{he.calendar.noTrades}</Muted>
                  )}
                  {/* Named by what it shows, then the day's full figures (trade count, dots) in words. */}
                  <span className="visually-hidden">{dayAriaLabel(day.date, result)}</span>
                </RowButton>
                {!traded && (
                  <IconButton
                    aria-label={he.calendar.addTradeOn(longDate(day.date))}
                    onClick={() => props.onAddTrade(day.date)}
                  >
                    <PlusIcon size={16} />
                  </IconButton>
                )}
              </Row>
            );
          })}
      </List>
    </section>
  );
}
