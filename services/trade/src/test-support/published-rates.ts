import { MARKET_RATES_STREAM_TYPE, type MarketEvent, type PublishedRate } from '@yoman/contracts';
import type { Platform } from '@yoman/platform';

/** Publishes rates as the market service does (`market.rates-published.v1`), and waits for the read models. */
export async function publishRates(
  platform: Platform,
  rates: PublishedRate[],
  publishedAt = '2026-03-10T16:00:00.000Z',
): Promise<void> {
  const event: MarketEvent = { type: 'market.rates-published.v1', data: { rates, publishedAt } };
  const streamId = `rates-${publishedAt.slice(0, 10)}`;
  const { lastPosition } = await platform.eventStore.append(streamId, MARKET_RATES_STREAM_TYPE, 'any', [
    event,
  ]);
  await platform.projections.waitFor(lastPosition);
}
