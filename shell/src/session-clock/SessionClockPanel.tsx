import type { Duration } from 'luxon';
import styled from 'styled-components';
import type { SessionClockReading, SessionWindow } from './sessionClock';

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  width: min(calc(100vw - 16px), 360px);
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.surface2};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.card};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const Now = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  strong {
    font-size: ${({ theme }) => theme.fontSizes.h2};
    font-variant-numeric: tabular-nums;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const Row = styled.li<{ $active: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.input};
  border: 1px solid ${({ theme, $active }) => ($active ? theme.colors.profit : theme.colors.border)};
`;

const Times = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.caption};
  font-variant-numeric: tabular-nums;
`;

const Bar = styled.div`
  height: 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.profit};
  }
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.input};
  background: ${({ theme }) => theme.colors.surface1};
`;

/** h:mm:ss for the time left in a session. */
export function remainingText(remaining: Duration): string {
  return remaining.shiftTo('hours', 'minutes', 'seconds').toFormat('h:mm:ss');
}

const range = (from: string, to: string) => (
  <bdi dir="ltr">
    {from}–{to}
  </bdi>
);

function SessionRow({ session, reading }: { session: SessionWindow; reading: SessionClockReading }) {
  const active = reading.active?.session.id === session.id ? reading.active : null;
  return (
    <Row $active={active !== null} data-session-id={session.id} data-active={active !== null}>
      <strong>{session.label}</strong>
      <Times>
        <span>ישראל {range(session.israel.start, session.israel.end)}</span>
        <span>ניו יורק {range(session.newYork.start, session.newYork.end)}</span>
      </Times>
      {active && (
        <>
          <span data-testid="session-remaining">
            נותרו <bdi dir="ltr">{remainingText(active.remaining)}</bdi>
          </span>
          <Bar
            role="progressbar"
            aria-label={`התקדמות סשן ${session.label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(active.progress * 100)}
          >
            <span style={{ width: `${active.progress * 100}%` }} />
          </Bar>
        </>
      )}
    </Row>
  );
}

/** The session clock's panel: the time in New York, today's sessions, and what is active or next. */
export function SessionClockPanel({ reading, id }: { reading: SessionClockReading; id?: string }) {
  const { newYorkNow, israelNow, marketClosed, sessions, active, next } = reading;
  return (
    <Panel id={id} data-testid="session-clock-panel">
      <Now>
        <strong>
          <bdi dir="ltr">{newYorkNow.toFormat('HH:mm:ss')}</bdi>
        </strong>
        <span>
          {newYorkNow
            .setLocale('he')
            .toLocaleString({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
        </span>
        <span>
          שעון ניו יורק · בישראל <bdi dir="ltr">{israelNow.toFormat('HH:mm')}</bdi>
        </span>
      </Now>
      {marketClosed && (
        <Notice data-testid="market-closed">
          השוק סגור לסוף השבוע. המסחר נפתח ביום ראשון ב-17:00 שעון ניו יורק.
        </Notice>
      )}
      <Rows aria-label="הסשנים של היום">
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} reading={reading} />
        ))}
      </Rows>
      {!active && (
        <Notice data-testid="session-next">
          הסשן הבא: {next.label} ב-<bdi dir="ltr">{next.israel.start}</bdi> שעון ישראל
        </Notice>
      )}
    </Panel>
  );
}
