import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  avgROf,
  bestDaysOf,
  bestHoursOf,
  EMPTY_SUMS,
  GOAL_PROGRESS_CAP,
  type GroupSums,
  goalProgressOf,
  goldTimeOf,
  type Outcome,
  rDistributionOf,
  topCandidate,
  weeklyTasksOf,
  winRateOf,
} from './figures';
import { composedSequenceOf, daySequenceOf, drawdownOf, type SequencedTrade, streaksOf } from './sequences';

const W = (r: number | null = 1): SequencedTrade => ({ r, outcome: 1 });
const L = (r: number | null = -1): SequencedTrade => ({ r, outcome: -1 });
const BE: SequencedTrade = { r: 0, outcome: 0 };
const days = (...list: SequencedTrade[][]) => list.map(daySequenceOf);
const sums = (change: Partial<GroupSums>): GroupSums => ({ ...EMPTY_SUMS, ...change });

describe('win rate and average R', () => {
  it('counts a break-even in the total, not as a win; one decimal', () => {
    // 2 wins, 1 loss, 0 break-even… and then 1 break-even: 2 / 4 = 50%; 2 / 3 = 66.7%.
    expect(winRateOf({ trades: 3, wins: 2 })).toBe(66.7);
    expect(winRateOf({ trades: 4, wins: 2 })).toBe(50);
    expect(winRateOf({ trades: 0, wins: 0 })).toBe(0);
  });

  it('divides net R by the trades with R only; 0 when none; two decimals', () => {
    // R of 1.5, -1, 0.7 and one trade without a stop: 1.2 / 3 = 0.4.
    expect(avgROf({ rTrades: 3, netR: 1.2 })).toBe(0.4);
    expect(avgROf({ rTrades: 3, netR: 1 })).toBe(0.33);
    expect(avgROf({ rTrades: 0, netR: 0 })).toBe(0);
  });
});

describe('streaks', () => {
  it('a break-even ends a run: W W BE W gives a current streak of +1 and a max of 2', () => {
    expect(streaksOf(days([W(), W(), BE, W()]))).toEqual({ current: 1, maxWin: 2, maxLoss: 0 });
  });

  it('ending on a break-even, the current streak is 0', () => {
    expect(streaksOf(days([W(), L(), BE]))).toMatchObject({ current: 0 });
  });

  it('runs continue across days: W W | W L | L L gives max win 3, max loss 3, current −3', () => {
    expect(streaksOf(days([W(), W()], [W(), L()], [L(), L()]))).toEqual({
      current: -3,
      maxWin: 3,
      maxLoss: 3,
    });
  });

  it('a day of one run carries the run through it: W | W W W | W L', () => {
    expect(streaksOf(days([W()], [W(), W(), W()], [W(), L()]))).toEqual({
      current: -1,
      maxWin: 5,
      maxLoss: 1,
    });
  });

  it('a break-even day breaks a run across days: W W | BE | W', () => {
    expect(streaksOf(days([W(), W()], [BE], [W()]))).toEqual({ current: 1, maxWin: 2, maxLoss: 0 });
  });

  it('a trade without R still counts by its P&L result', () => {
    expect(streaksOf(days([W(null), W(null), L(null)]))).toEqual({ current: -1, maxWin: 2, maxLoss: 1 });
  });

  it('is the same whichever way the trades are split into days (property)', () => {
    const outcome = fc.constantFrom<Outcome>(1, -1, 0);
    fc.assert(
      fc.property(
        fc.array(outcome, { maxLength: 40 }),
        fc.array(fc.nat(40), { maxLength: 6 }),
        (results, cuts) => {
          const trades = results.map((result) => ({ r: result, outcome: result }));
          const bounds = [...new Set([0, ...cuts.filter((cut) => cut <= trades.length), trades.length])].sort(
            (a, b) => a - b,
          );
          const split = bounds.slice(1).map((end, index) => trades.slice(bounds[index], end));
          const whole = streaksOf(days(trades));
          expect(streaksOf(days(...split.filter((day) => day.length > 0)))).toEqual(whole);
        },
      ),
    );
  });
});

describe('composed sequences (a month of days)', () => {
  it('compose like the day of all their trades, however the trades are split into days and months (property)', () => {
    const outcome = fc.constantFrom<Outcome>(1, -1, 0);
    const cutsOf = (length: number) => fc.array(fc.nat(length), { maxLength: 6 });
    const splitAt = <T>(items: readonly T[], cuts: readonly number[]) => {
      const bounds = [...new Set([0, ...cuts.filter((cut) => cut <= items.length), items.length])].sort(
        (a, b) => a - b,
      );
      return bounds
        .slice(1)
        .map((end, index) => items.slice(bounds[index], end))
        .filter((part) => part.length > 0);
    };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(outcome, fc.integer({ min: -3, max: 3 })), { maxLength: 40 }),
        cutsOf(40),
        cutsOf(40),
        (results, dayCuts, monthCuts) => {
          const trades = results.map(([result, r]) => ({ r: result * Math.abs(r), outcome: result }));
          const dayList = splitAt(trades, dayCuts).map(daySequenceOf);
          const months = splitAt(dayList, monthCuts).map(composedSequenceOf);
          const whole = daySequenceOf(trades);
          if (trades.length > 0) expect(composedSequenceOf(months)).toEqual(whole);
          expect(streaksOf(months)).toEqual(streaksOf(dayList));
          expect(drawdownOf(months)).toBe(drawdownOf(dayList));
        },
      ),
    );
  });
});

describe('monthly drawdown', () => {
  it('is the largest fall from a running peak that starts at 0', () => {
    // Cumulative R: 2, 3, 1.5, 0.5, 2 → peak 3, trough 0.5 → 2.5.
    expect(drawdownOf(days([W(2), W(1), L(-1.5), L(-1), W(1.5)]))).toBe(2.5);
  });

  it('measures from a new peak once one is made', () => {
    // 1, −1 (fall 2 from 1), 4 (new peak), 1.5 (fall 2.5 from 4), 5 → 2.5.
    expect(drawdownOf(days([W(1), L(-2)], [W(5), L(-2.5)], [W(3.5)]))).toBe(2.5);
  });

  it('counts a fall below the start from the starting peak of 0', () => {
    // −1, −3 → fall 3 from 0, though R never rose.
    expect(drawdownOf(days([L(-1)], [L(-2)]))).toBe(3);
  });

  it('is 0 when R never fell, and trades without R do not move it', () => {
    expect(drawdownOf(days([W(1), W(null), W(2)], [W(0.5)]))).toBe(0);
    expect(drawdownOf([])).toBe(0);
  });

  it('is the same whichever way the trades are split into days (property)', () => {
    const r = fc.integer({ min: -400, max: 400 }).map((value) => value / 100);
    fc.assert(
      fc.property(fc.array(r, { maxLength: 30 }), fc.nat(30), (rs, cut) => {
        const trades = rs.map((value) => ({ r: value, outcome: Math.sign(value) as Outcome }));
        const at = Math.min(cut, trades.length);
        const split = [trades.slice(0, at), trades.slice(at)].filter((day) => day.length > 0);
        expect(drawdownOf(days(...split))).toBe(drawdownOf(days(trades)));
      }),
    );
  });
});

describe('R distribution', () => {
  it('lists the seven buckets in order with the lower bound included', () => {
    // Bucket counts of R −2, −1, 0, 1, 2, 3 (each on a lower bound) and −2.01.
    const rows = rDistributionOf(
      { 'below-2': 1, '-2to-1': 1, '-1to0': 1, '0to1': 1, '1to2': 1, '2to3': 1, above3: 1 },
      7,
    );
    expect(rows.map((row) => row.key)).toEqual([
      'below-2',
      '-2to-1',
      '-1to0',
      '0to1',
      '1to2',
      '2to3',
      'above3',
    ]);
    expect(rows.map((row) => row.percentage)).toEqual([14.3, 14.3, 14.3, 14.3, 14.3, 14.3, 14.3]);
  });

  it('answers 0% for every bucket without trades with R', () => {
    expect(rDistributionOf({}, 0).every((row) => row.count === 0 && row.percentage === 0)).toBe(true);
  });
});

describe('gold time', () => {
  const hours = (entries: [number, number, number][]) =>
    new Map(entries.map(([hour, rTrades, netR]) => [hour, { rTrades, netR }]));

  it('picks the two-hour window with the highest sum of R among windows with 5 trades', () => {
    // 09–11: 3 + 2 trades, 4R; 14–16: 6 trades, 3R; 20–22: 4 trades, 9R (too few).
    const result = goldTimeOf(
      hours([
        [9, 3, 1],
        [10, 2, 3],
        [14, 6, 3],
        [20, 4, 9],
      ]),
    );
    expect(result).toEqual({ goldTime: '09:00-11:00', fromData: true });
  });

  it('windows start on any whole hour and overlap: 10–12 beats 10–11 alone', () => {
    expect(
      goldTimeOf(
        hours([
          [9, 5, -2],
          [10, 5, 2],
          [11, 5, 1],
        ]),
      ).goldTime,
    ).toBe('10:00-12:00');
  });

  it('breaks a tie on the sum of R by more trades, then by the earlier window', () => {
    // Windows holding 08:00 have 3R on 5 trades, those holding 15:00 3R on 7: the earlier of 14–16 and 15–17.
    expect(
      goldTimeOf(
        hours([
          [8, 5, 3],
          [15, 7, 3],
        ]),
      ).goldTime,
    ).toBe('14:00-16:00');
    // Windows holding 02:00 or 12:00 all have 2R on 5 trades: the earliest, 01–03.
    expect(
      goldTimeOf(
        hours([
          [2, 5, 2],
          [12, 5, 2],
        ]),
      ).goldTime,
    ).toBe('01:00-03:00');
  });

  it('the last window is 22:00-24:00', () => {
    expect(goldTimeOf(hours([[23, 5, 4]])).goldTime).toBe('22:00-24:00');
  });

  it('with too few trades in every window, the default 14:00-16:00', () => {
    expect(
      goldTimeOf(
        hours([
          [9, 2, 5],
          [10, 2, 5],
          [15, 4, 1],
        ]),
      ),
    ).toEqual({
      goldTime: '14:00-16:00',
      fromData: false,
    });
    expect(goldTimeOf(new Map()).fromData).toBe(false);
  });
});

describe('best hours and days', () => {
  it('ranks hours with at least 3 trades with R by average R, best three first', () => {
    const hours = new Map([
      [9, { rTrades: 3, netR: 3 }],
      [10, { rTrades: 2, netR: 10 }],
      [11, { rTrades: 4, netR: 2 }],
      [14, { rTrades: 5, netR: 5 }],
      [15, { rTrades: 3, netR: -1 }],
    ]);
    expect(bestHoursOf(hours)).toEqual([
      { hour: 14, label: '14:00', trades: 5, avgR: 1 },
      { hour: 9, label: '09:00', trades: 3, avgR: 1 },
      { hour: 11, label: '11:00', trades: 4, avgR: 0.5 },
    ]);
  });

  it('names weekdays in Hebrew, Sunday first', () => {
    const weekdays = new Map([
      [0, { rTrades: 3, netR: 1.5 }],
      [2, { rTrades: 3, netR: 3 }],
    ]);
    expect(bestDaysOf(weekdays).map((day) => [day.weekday, day.label])).toEqual([
      [2, 'שלישי'],
      [0, 'ראשון'],
    ]);
  });
});

describe('Top 3 insight candidates', () => {
  it('needs at least 3 trades; the highest score wins, ties to more trades', () => {
    const groups = new Map([
      ['breakout', sums({ trades: 2, rTrades: 2, netR: 9 })],
      ['pullback', sums({ trades: 3, rTrades: 3, netR: 4 })],
      ['support', sums({ trades: 5, rTrades: 5, netR: 4 })],
    ]);
    expect(topCandidate(groups, (group) => group.netR)).toBe('support');
  });

  it('answers nothing when no candidate has 3 trades (the caller falls back)', () => {
    expect(topCandidate(new Map([['news', sums({ trades: 2 })]]), (group) => group.netR)).toBeUndefined();
  });
});

describe('weekly tasks', () => {
  const base = sums({
    trades: 10,
    wins: 6,
    losses: 4,
    rTrades: 10,
    netR: 4,
    lossRTrades: 4,
    lossR: -4,
    screenshots: 10,
  });

  it('with fewer than 5 trades, the spec defaults', () => {
    expect(weeklyTasksOf({ total: sums({ trades: 4 }), sessions: new Map() })).toEqual([
      'שיפור דיוק הכניסות',
      'התמקדות בסשן לונדון',
      'העלאת ה־R הממוצע',
    ]);
  });

  it('asks for screenshots below 80% and to honour the stop when the average loss is worse than −1.2R', () => {
    const tasks = weeklyTasksOf({ total: { ...base, screenshots: 7, lossR: -5.2 }, sessions: new Map() });
    expect(tasks[0]).toBe('לצרף צילום מסך לכל עסקה (כרגע 70% מהעסקאות)');
    expect(tasks[1]).toBe('לכבד את הסטופ: ההפסד הממוצע הוא -1.30R');
    expect(tasks).toHaveLength(3);
  });

  it('at exactly 80% screenshots and −1.2R, neither; the weakest session below average is named', () => {
    const sessions = new Map([
      ['london', sums({ trades: 5, rTrades: 5, netR: 5 })],
      ['asia', sums({ trades: 5, rTrades: 5, netR: -1 })],
    ]);
    const tasks = weeklyTasksOf({ total: { ...base, screenshots: 8, lossR: -4.8 }, sessions });
    expect(tasks).toEqual([
      'לשפר את המסחר בסשן אסיה (R ממוצע -0.20)',
      'שיפור דיוק הכניסות',
      'התמקדות בסשן לונדון',
    ]);
  });
});

describe('monthly goal progress', () => {
  it('given 7.5R net against a 10R goal, when measured, then progress is 75%', () => {
    expect(goalProgressOf(7.5, 10)).toBe(75);
  });
  it('given a losing month, when measured, then progress is floored at 0', () => {
    expect(goalProgressOf(-3, 10)).toBe(0);
  });
  it('given a goal close to zero (5e-324R), when measured, then progress stays a finite number', () => {
    expect(goalProgressOf(2, 5e-324)).toBe(GOAL_PROGRESS_CAP);
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        fc.double({ min: 0, noNaN: true }),
        (net, goal) => Number.isFinite(goalProgressOf(net, goal)),
      ),
    );
  });
});
