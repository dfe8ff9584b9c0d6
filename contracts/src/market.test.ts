import { describe, expect, it } from 'vitest';
import { EconomicEventList, EconomicEventsQuery, parseMarketEvent } from './market';

describe('economic events query', () => {
  it("reads date, currency and impact, with 'all' meaning no filter", () => {
    expect(EconomicEventsQuery.parse({ date: '2026-03-05', currency: 'usd', impact: 'high' })).toEqual({
      date: '2026-03-05',
      currency: 'USD',
      impact: 'high',
    });
    expect(EconomicEventsQuery.parse({ date: '2026-03-05', currency: 'all', impact: 'all' })).toEqual({
      date: '2026-03-05',
    });
  });

  it('refuses a bad date, a currency that is not a code and an unknown impact', () => {
    expect(EconomicEventsQuery.safeParse({ date: '2026-03-32' }).success).toBe(false);
    expect(EconomicEventsQuery.safeParse({ currency: 'dollar' }).success).toBe(false);
    expect(EconomicEventsQuery.safeParse({ impact: 'extreme' }).success).toBe(false);
  });
});

describe('economic event', () => {
  const event = {
    id: 'us-cpi-2026-03',
    time: '2026-03-11T12:30:00.000Z',
    currency: 'USD',
    impact: 'high',
    event: 'מדד המחירים לצרכן (CPI)',
    description: 'שינוי חודשי במדד המחירים לצרכן',
    previous: '0.3%',
    forecast: '0.2%',
    actual: null,
    affectedTrades: 2,
  };

  it('accepts the spec §3 fields with absent figures as null', () => {
    expect(EconomicEventList.parse([event])).toEqual([event]);
  });

  it('refuses an unknown impact and a negative affected count', () => {
    expect(EconomicEventList.safeParse([{ ...event, impact: 'huge' }]).success).toBe(false);
    expect(EconomicEventList.safeParse([{ ...event, affectedTrades: -1 }]).success).toBe(false);
  });
});

describe('market events', () => {
  const rate = { date: '2026-03-05', currency: 'EUR', ilsPerUnit: '3.9876', source: 'boi' };

  it('reads a publication of rates', () => {
    const event = {
      type: 'market.rates-published.v1',
      data: { rates: [rate], publishedAt: '2026-03-05T16:00:00Z' },
    };
    expect(parseMarketEvent(event)).toEqual(event);
  });

  it('refuses an empty publication, a rate that is not a decimal and an unknown type', () => {
    const publishedAt = '2026-03-05T16:00:00Z';
    expect(
      parseMarketEvent({ type: 'market.rates-published.v1', data: { rates: [], publishedAt } }),
    ).toBeUndefined();
    const bad = { ...rate, ilsPerUnit: '3,98' };
    expect(
      parseMarketEvent({ type: 'market.rates-published.v1', data: { rates: [bad], publishedAt } }),
    ).toBeUndefined();
    expect(parseMarketEvent({ type: 'market.rates-deleted.v1', data: {} })).toBeUndefined();
  });
});
