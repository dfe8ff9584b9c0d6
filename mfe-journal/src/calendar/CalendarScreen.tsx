import { ErrorPanel, useRemovesPrerenderedScreen } from '@yoman/ui';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { LazyAddTradeDialog } from '../add-trade/LazyAddTradeDialog';
import { LazyDayDrawer } from '../day-drawer/LazyDayDrawer';
import { he } from '../i18n';
import { ScreenPage } from '../screen/ScreenLayout';
import { CalendarLegend } from './CalendarLegend';
import { CalendarToolbar } from './CalendarToolbar';
import type { CalendarUnit } from './day-figures';
import { useDisplayZone } from './display-zone';
import { MonthGrid, MonthGridSkeleton } from './MonthGrid';
import { MonthKpiTiles } from './MonthKpiTiles';
import { buildMonthGrid, type MonthRef, monthHeading, monthOf, shiftMonth, todayIn } from './month-grid';
import { monthKpis } from './month-kpis';
import { type AssetFilter, type SessionFilter, useMonthDays } from './use-month-days';
import { calendarMedia, useNarrowScreen } from './use-narrow-screen';
import { WeekStrip, WeekStripSkeleton } from './WeekStrip';

// The loading shape of each width, chosen by the stylesheet: the server draws this screen for a page load
// without knowing the screen's width, so a phone's first paint shows the week strip's shape, not the grid's.
const WideOnly = styled.div`
  ${calendarMedia.phone} {
    display: none;
  }
`;
const NarrowOnly = styled.div`
  ${calendarMedia.wide} {
    display: none;
  }
`;

/** The month while it loads: the grid's shape on wide screens, the week strip's (`rows` days) on phones. */
function CalendarSkeleton({ rows }: { rows: number }) {
  return (
    <>
      <WideOnly>
        <MonthGridSkeleton />
      </WideOnly>
      <NarrowOnly>
        <WeekStripSkeleton rows={rows} />
      </NarrowOnly>
    </>
  );
}

/** The week of the grid to show on a phone: the one holding `date`, else the first. */
function weekIndexOf(weeks: { date: string }[][], date: string): number {
  const found = weeks.findIndex((w) => w.some((d) => d.date === date));
  return found === -1 ? 0 : found;
}

/** /calendar: the month of daily results with KPIs, filters, the day drawer and the add-trade dialog. */
export function CalendarScreen() {
  // A page load of /calendar may have shown this screen drawn by the server until now (its loading state).
  useRemovesPrerenderedScreen();
  const zone = useDisplayZone();
  const today = todayIn(zone);
  const [month, setMonth] = useState<MonthRef>(() => monthOf(today));
  const [unit, setUnit] = useState<CalendarUnit>('R');
  const [session, setSession] = useState<SessionFilter>('all');
  const [asset, setAsset] = useState<AssetFilter>('all');
  const [openDate, setOpenDate] = useState<string | null>(null);
  const [addFor, setAddFor] = useState<{ date: string } | null>(null);
  const [phoneWeek, setPhoneWeek] = useState<number | null>(null);
  const narrow = useNarrowScreen();

  const weeks = useMemo(() => buildMonthGrid(month, today), [month, today]);
  const { days, isLoading, error, refetch, isFetching } = useMonthDays(month, session, asset, zone);
  const kpis = useMemo(() => {
    const inMonth = weeks.flat().filter((d) => d.inMonth);
    return monthKpis(inMonth.flatMap((d) => days.get(d.date) ?? []));
  }, [weeks, days]);

  const goTo = (next: MonthRef) => {
    setMonth(next);
    setPhoneWeek(null);
  };
  const weekIndex = phoneWeek ?? weekIndexOf(weeks, today);

  return (
    <ScreenPage>
      <CalendarToolbar
        heading={monthHeading(month)}
        unit={unit}
        session={session}
        asset={asset}
        onPrevious={() => goTo(shiftMonth(month, -1))}
        onNext={() => goTo(shiftMonth(month, 1))}
        onToday={() => goTo(monthOf(today))}
        onUnit={setUnit}
        onSession={setSession}
        onAsset={setAsset}
      />
      {error ? (
        <ErrorPanel
          title={he.calendar.loadError}
          message={he.calendar.loadErrorHint}
          retryLabel={he.calendar.retry}
          onRetry={refetch}
          retrying={isFetching}
        />
      ) : (
        <>
          <MonthKpiTiles kpis={isLoading ? null : kpis} />
          {isLoading ? (
            <CalendarSkeleton rows={(weeks[weekIndex] ?? []).filter((day) => day.inMonth).length} />
          ) : narrow ? (
            <WeekStrip
              week={weeks[weekIndex] ?? []}
              days={days}
              unit={unit}
              canGoBack={weekIndex > 0}
              canGoForward={weekIndex < weeks.length - 1}
              onPreviousWeek={() => setPhoneWeek(Math.max(0, weekIndex - 1))}
              onNextWeek={() => setPhoneWeek(Math.min(weeks.length - 1, weekIndex + 1))}
              onOpenDay={setOpenDate}
              onAddTrade={(date) => setAddFor({ date })}
            />
          ) : (
            <MonthGrid
              weeks={weeks}
              days={days}
              unit={unit}
              onOpenDay={setOpenDate}
              onAddTrade={(date) => setAddFor({ date })}
            />
          )}
        </>
      )}
      <CalendarLegend />
      <LazyDayDrawer
        date={openDate}
        zone={zone}
        onClose={() => setOpenDate(null)}
        onAddTrade={(date) => setAddFor({ date })}
      />
      <LazyAddTradeDialog
        open={addFor !== null}
        prefillDate={addFor?.date}
        zone={zone}
        onOpenChange={(open) => {
          if (!open) setAddFor(null);
        }}
      />
    </ScreenPage>
  );
}
