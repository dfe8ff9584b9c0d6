import { type RecordedEvent, type RunningPlatform, UnreadableEventError } from '@yoman/platform';
import { createTestPlatform, resetDatabase } from '@yoman/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishRates } from '../test-support/published-rates';
import { createTradeModule } from '../trade-module';
import { tradeFxRatesProjection } from './trade-fx-rates-projection';
import { createTradeRates, tradeRatesFor } from './trade-rates';

let running: RunningPlatform;
beforeAll(async () => {
  running = await createTestPlatform([createTradeModule()], {
    config: { environment: { USD_ILS_RATE: '3.65', FX_FALLBACK_RATES: 'GBP=1.27' } },
  });
});
afterAll(() => running.close());
beforeEach(() => resetDatabase(running.platform));

const boi = (date: string, currency: string, ilsPerUnit: string) => ({
  date,
  currency,
  ilsPerUnit,
  source: 'boi',
});
const rows = () =>
  running.platform
    .db('trade_fx_rates')
    .select(
      running.platform.db.raw(`to_char(date, 'YYYY-MM-DD') as date`),
      'currency',
      running.platform.db.raw('ils_per_unit::text as ils_per_unit'),
      'source',
    )
    .orderBy(['date', 'currency']);

describe('the trade module’s copy of the market’s rates (trade_fx_rates)', () => {
  const published = (data: unknown, position = 1): RecordedEvent => ({
    position,
    streamId: 'rates-2026-03-10',
    streamType: 'market-rates',
    version: position,
    type: 'market.rates-published.v1',
    data,
    metadata: {},
    recordedAt: new Date('2026-03-10T16:00:00Z'),
  });

  it('given a publication applied twice, then the same rows as once', async () => {
    const event = published({
      rates: [boi('2026-03-05', 'USD', '3.6'), boi('2026-03-05', 'JPY', '0.0245')],
      publishedAt: '2026-03-10T16:00:00.000Z',
    });
    const { db } = running.platform;
    await db.transaction((trx) => tradeFxRatesProjection.apply(event, trx));
    const once = await rows();
    await db.transaction((trx) => tradeFxRatesProjection.apply(event, trx));
    expect(await rows()).toEqual(once);
    expect(once).toEqual([
      { date: '2026-03-05', currency: 'JPY', ils_per_unit: '0.0245', source: 'boi' },
      { date: '2026-03-05', currency: 'USD', ils_per_unit: '3.6', source: 'boi' },
    ]);
  });

  it('keeps the latest publication of a rate in any order, and refuses what it cannot read (recorded by the runner)', async () => {
    const { db } = running.platform;
    const older = published({
      rates: [boi('2026-03-05', 'USD', '3.6')],
      publishedAt: '2026-03-05T16:00:00Z',
    });
    const newer = published({
      rates: [boi('2026-03-05', 'USD', '3.61')],
      publishedAt: '2026-03-06T16:00:00Z',
    });
    await db.transaction((trx) => tradeFxRatesProjection.apply(newer, trx));
    await db.transaction((trx) => tradeFxRatesProjection.apply(older, trx));
    const unreadable = db.transaction((trx) =>
      tradeFxRatesProjection.apply(published({ rates: 'nonsense' }), trx),
    );
    await expect(unreadable).rejects.toBeInstanceOf(UnreadableEventError);
    expect(await rows()).toEqual([
      { date: '2026-03-05', currency: 'USD', ils_per_unit: '3.61', source: 'boi' },
    ]);
  });

  it('given a rebuild, when replayed, then the same rows as live', async () => {
    await publishRates(running.platform, [boi('2026-03-05', 'USD', '3.6'), boi('2026-03-05', 'GBP', '4.5')]);
    await publishRates(running.platform, [boi('2026-03-05', 'USD', '3.62')], '2026-03-11T16:00:00.000Z');
    const live = await rows();
    await running.platform.projections.rebuild('trade_fx_rates');
    expect(await rows()).toEqual(live);
    expect(live).toContainEqual({ date: '2026-03-05', currency: 'USD', ils_per_unit: '3.62', source: 'boi' });
  });
});

describe('USD/ILS rate of a date', () => {
  it('answers the latest published rate on or before the date, naming its date and source', async () => {
    await publishRates(running.platform, [
      boi('2026-03-05', 'USD', '3.6512'),
      boi('2026-03-06', 'USD', '3.6601'),
      { date: '2026-03-09', currency: 'USD', ilsPerUnit: '3.700', source: 'manual' },
    ]);
    const rates = tradeRatesFor(running.platform);
    // Saturday 7 March has no publication: Friday's rate is the latest on or before it.
    expect(await rates.usdIlsRateOn('2026-03-07')).toEqual({
      rate: '3.6601',
      date: '2026-03-06',
      source: 'boi',
    });
    expect(await rates.usdIlsRateOn('2026-03-10')).toEqual({
      rate: '3.7',
      date: '2026-03-09',
      source: 'manual',
    });
  });

  it('never uses a rate published after the date: an older date gets the configured fallback, with no date', async () => {
    await publishRates(running.platform, [boi('2026-03-10', 'USD', '3.712')]);
    const rates = tradeRatesFor(running.platform);
    expect(await rates.usdIlsRateOn('2026-01-02')).toEqual({ rate: '3.65', date: null, source: 'fallback' });
  });
});

describe('USD per unit of another currency on a date', () => {
  it('divides the currency’s ILS rate by the USD one of the same day, naming day and source', async () => {
    await publishRates(running.platform, [
      boi('2026-03-05', 'USD', '3.6'),
      boi('2026-03-05', 'GBP', '4.5'),
      boi('2026-03-06', 'USD', '3.65'),
      boi('2026-03-06', 'GBP', '4.6355'),
      boi('2026-03-09', 'GBP', '9'),
      boi('2026-03-06', 'JPY', '0.02555'),
    ]);
    const rates = tradeRatesFor(running.platform);
    // 4.6355 ÷ 3.65 = 1.27; 9 March has no USD rate, so it cannot make a cross and is passed over.
    expect(await rates.usdPerUnitOn('GBP', '2026-03-09')).toEqual({
      rate: '1.27',
      date: '2026-03-06',
      source: 'boi',
    });
    expect(await rates.usdPerUnitOn('gbp', '2026-03-05')).toEqual({
      rate: '1.25',
      date: '2026-03-05',
      source: 'boi',
    });
    expect(await rates.usdPerUnitOn('JPY', '2026-03-06')).toEqual({
      rate: '0.007',
      date: '2026-03-06',
      source: 'boi',
    });
    expect(await rates.usdPerUnitOn('USD', '2026-03-06')).toEqual({
      rate: '1',
      date: '2026-03-06',
      source: 'identity',
    });
  });

  it('without a rate of the currency, answers its configured fallback with no date', async () => {
    const rates = tradeRatesFor(running.platform);
    expect(await rates.usdPerUnitOn('GBP', '2026-03-10')).toEqual({
      rate: '1.27',
      date: null,
      source: 'fallback',
    });
  });

  it('with neither a rate nor a fallback, answers nothing rather than inventing a rate', async () => {
    const rates = createTradeRates({ db: running.platform.db, fallbackRate: '3.7' });
    expect(await rates.usdPerUnitOn('CHF', '2026-03-10')).toBeUndefined();
  });
});
