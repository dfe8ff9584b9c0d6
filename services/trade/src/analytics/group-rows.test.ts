import { describe, expect, it } from 'vitest';
import { groupChangesOf } from './group-rows';
import type { TradeFact } from './trade-facts';

// The group rows' changes are summed in the projector before one statement writes them; the projection's
// properties (analytics-projection.test.ts) hold them to the rows a rebuild in SQL gives.

const fact = (overrides: Partial<TradeFact> = {}): TradeFact => ({
  trade_id: '00000000-0000-4000-8000-000000000001',
  user_id: 'user-1',
  date: '2026-03-10',
  exit_time: '2026-03-10T10:00:00.000Z',
  entry_hour: 10,
  entry_weekday: 2,
  session: 'london',
  setup_key: 'breakout',
  symbol: 'EURUSD',
  r_multiple: '0.1',
  r_bucket: '0-1',
  outcome: -1,
  hold_minutes: '0.016666666666666666',
  has_screenshot: true,
  ...overrides,
});

const row = (changes: ReturnType<typeof groupChangesOf>, grain: string, dimension: string) =>
  changes.find((change) => change.grain === grain && change.dimension === dimension);

describe('the group rows a batch changes', () => {
  it('given one fact, when counted, then it moves its day, month and all-time rows under each dimension it has a key in', () => {
    const changes = groupChangesOf([{ sign: 1, fact: fact({ r_multiple: null, r_bucket: null }) }]);
    expect(changes).toHaveLength(3 * 7);
    expect(changes.map((change) => change.period)).toEqual(
      expect.arrayContaining(['2026-03-10', '2026-03', '']),
    );
    expect(row(changes, 'month', 'heat')).toMatchObject({ period: '2026-03', key: '2:10', trades: 1 });
    expect(row(changes, 'all', 'bucket')).toBeUndefined();
  });

  it('given decimal figures, when summed, then the sums are exact (0.1 + 0.2 is 0.3)', () => {
    const changes = groupChangesOf([
      { sign: 1, fact: fact() },
      { sign: 1, fact: fact({ trade_id: 'b', r_multiple: '0.2', hold_minutes: '0.016666666666666667' }) },
    ]);
    const total = row(changes, 'day', 'total');
    expect(total?.net_r.toFixed()).toBe('0.3');
    expect(total?.loss_r.toFixed()).toBe('0.3');
    expect(total?.hold_minutes.toFixed()).toBe('0.033333333333333333');
    expect(total).toMatchObject({
      trades: 2,
      losses: 2,
      wins: 0,
      r_trades: 2,
      loss_r_trades: 2,
      screenshots: 2,
    });
  });

  it('given a fact taken out and its edit counted in, when summed, then only the difference moves', () => {
    const before = fact({ r_multiple: '1.5', r_bucket: '1-2', outcome: 1 });
    const after = fact({ r_multiple: '-0.5', r_bucket: '-1-0', outcome: -1, has_screenshot: false });
    const total = row(
      groupChangesOf([
        { sign: -1, fact: before },
        { sign: 1, fact: after },
      ]),
      'all',
      'total',
    );
    expect(total).toMatchObject({
      trades: 0,
      wins: -1,
      losses: 1,
      r_trades: 0,
      loss_r_trades: 1,
      screenshots: -1,
    });
    expect(total?.net_r.toFixed()).toBe('-2');
    expect(total?.loss_r.toFixed()).toBe('-0.5');
    expect(total?.hold_minutes.toFixed()).toBe('0');
  });
});
