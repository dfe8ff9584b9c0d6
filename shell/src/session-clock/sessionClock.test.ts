import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { NEW_YORK, sessionClockAt } from './sessionClock';

const newYork = (iso: string) => DateTime.fromISO(iso, { zone: NEW_YORK });
const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' });

describe('sessionClockAt in an ordinary week (Israel = New York + 7 h)', () => {
  const reading = sessionClockAt(newYork('2026-01-14T03:00:00'));

  it('lists the four sessions in trading order with New York and Israel times', () => {
    expect(
      reading.sessions.map((s) => [s.id, s.newYork.start, s.newYork.end, s.israel.start, s.israel.end]),
    ).toEqual([
      ['asia', '20:00', '00:00', '03:00', '07:00'],
      ['london-open', '02:00', '05:00', '09:00', '12:00'],
      ['new-york-open', '07:00', '10:00', '14:00', '17:00'],
      ['london-close', '10:00', '12:00', '17:00', '19:00'],
    ]);
  });

  it('reports London open as active with its remaining time and progress', () => {
    expect(reading.marketClosed).toBe(false);
    expect(reading.active?.session.id).toBe('london-open');
    expect(reading.active?.remaining.as('minutes')).toBe(120);
    expect(reading.active?.progress).toBeCloseTo(1 / 3, 5);
    expect(reading.next.id).toBe('new-york-open');
  });

  it('ends Asia at 07:00 Israel time, which is midnight in New York this week', () => {
    expect(sessionClockAt(newYork('2026-01-13T23:59:00')).active?.session.id).toBe('asia');
    expect(sessionClockAt(newYork('2026-01-14T00:00:00')).active).toBeNull();
  });

  it('measures Asia progress across the evening-to-morning span', () => {
    const asia = sessionClockAt(newYork('2026-01-13T22:00:00')).active;
    expect(asia?.progress).toBeCloseTo(0.5, 5);
    expect(asia?.remaining.as('hours')).toBe(2);
  });

  it('names the first session starting later than now as the next one', () => {
    expect(sessionClockAt(newYork('2026-01-14T01:30:00')).next.id).toBe('london-open');
    const afternoon = sessionClockAt(newYork('2026-01-14T13:00:00'));
    expect(afternoon.active).toBeNull();
    expect(afternoon.next.id).toBe('asia');
    expect(afternoon.next.start.toISO()).toBe('2026-01-14T20:00:00.000-05:00');
  });
});

describe('sessionClockAt across the spring weeks when Israel = New York + 6 h', () => {
  it('before the gap (5 March) Asia is over at 00:30 New York, because that is 07:30 in Israel', () => {
    const reading = sessionClockAt(utc('2026-03-05T05:30:00'));
    expect(reading.israelNow.toFormat('HH:mm')).toBe('07:30');
    expect(reading.active).toBeNull();
    expect(reading.next.id).toBe('london-open');
    expect(reading.next.israel.start).toBe('09:00');
  });

  it('inside the gap (10 March) Asia is still active at 00:30 New York, because that is 06:30 in Israel', () => {
    const reading = sessionClockAt(utc('2026-03-10T04:30:00'));
    expect(reading.israelNow.toFormat('HH:mm')).toBe('06:30');
    expect(reading.active?.session.id).toBe('asia');
    expect(reading.active?.remaining.as('minutes')).toBe(30);
    expect(reading.active?.progress).toBeCloseTo(4.5 / 5, 5);
    const [asia, londonOpen] = reading.sessions;
    expect([asia?.israel.start, asia?.israel.end]).toEqual(['02:00', '07:00']);
    expect([londonOpen?.israel.start, londonOpen?.israel.end]).toEqual(['08:00', '11:00']);
  });

  it('after the gap (31 March) the +7 h times are back', () => {
    const reading = sessionClockAt(utc('2026-03-31T04:30:00'));
    expect(reading.israelNow.toFormat('HH:mm')).toBe('07:30');
    expect(reading.active).toBeNull();
    expect(reading.sessions[1]?.israel.start).toBe('09:00');
  });
});

describe('sessionClockAt across the autumn weeks when Israel = New York + 6 h', () => {
  it('inside the gap (28 October) London open is 08:00–11:00 in Israel', () => {
    const reading = sessionClockAt(utc('2026-10-28T07:00:00'));
    expect(reading.newYorkNow.toFormat('HH:mm')).toBe('03:00');
    expect(reading.israelNow.toFormat('HH:mm')).toBe('09:00');
    expect(reading.active?.session.id).toBe('london-open');
    expect([reading.active?.session.israel.start, reading.active?.session.israel.end]).toEqual([
      '08:00',
      '11:00',
    ]);
  });

  it('after the gap (4 November) London open is 09:00–12:00 in Israel again', () => {
    const reading = sessionClockAt(utc('2026-11-04T08:00:00'));
    expect(reading.newYorkNow.toFormat('HH:mm')).toBe('03:00');
    expect(reading.active?.session.israel.start).toBe('09:00');
    expect(reading.active?.session.israel.end).toBe('12:00');
  });
});

describe('sessionClockAt over the weekend close (Friday 17:00 to Sunday 17:00 New York)', () => {
  it('is open on Friday at 16:59 and points at Sunday evening as the next session', () => {
    const reading = sessionClockAt(newYork('2026-01-16T16:59:00'));
    expect(reading.marketClosed).toBe(false);
    expect(reading.active).toBeNull();
    expect(reading.next.start.toISO()).toBe('2026-01-18T20:00:00.000-05:00');
  });

  it('is closed from Friday 17:00 through Saturday, with no active session', () => {
    for (const instant of ['2026-01-16T17:00:00', '2026-01-17T12:00:00', '2026-01-18T16:59:00']) {
      const reading = sessionClockAt(newYork(instant));
      expect(reading.marketClosed).toBe(true);
      expect(reading.active).toBeNull();
      expect(reading.next.id).toBe('asia');
      expect(reading.next.start.toISODate()).toBe('2026-01-18');
    }
  });

  it('reopens on Sunday at 17:00 with the Sunday-evening Asia session next', () => {
    const reading = sessionClockAt(newYork('2026-01-18T17:00:00'));
    expect(reading.marketClosed).toBe(false);
    expect(reading.next.start.toISO()).toBe('2026-01-18T20:00:00.000-05:00');
    expect(reading.sessions[1]?.start.toISODate()).toBe('2026-01-19');
  });
});

describe('sessionClockAt read every second', () => {
  it("builds a trading day's sessions once: readings of the same day share them, another day gets its own", () => {
    const first = sessionClockAt(newYork('2026-01-14T03:00:00'));
    const aSecondLater = sessionClockAt(newYork('2026-01-14T03:00:01'));
    expect(aSecondLater.sessions).toBe(first.sessions);
    // 17:00 New York opens the next trading day.
    const nextDay = sessionClockAt(newYork('2026-01-14T17:00:00'));
    expect(nextDay.sessions).not.toBe(first.sessions);
    expect(nextDay.sessions[0]?.start.toISODate()).toBe('2026-01-14');
    // Many days later the first day is read right again, whatever was kept meanwhile.
    for (let day = 15; day <= 25; day += 1) sessionClockAt(newYork(`2026-01-${day}T03:00:00`));
    const again = sessionClockAt(newYork('2026-01-14T03:00:00'));
    expect(again.sessions.map((session) => session.start.toISO())).toEqual(
      first.sessions.map((session) => session.start.toISO()),
    );
  });
});
