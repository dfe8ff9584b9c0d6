import type { JobHandler, RecurringJobRequest } from '@yoman/platform';
import { marketConfig } from '../market-config';
import { ratesServiceFor } from './rates-for-platform';
import { publishUnpublishedRates } from './rates-publication';

/** The job that stores the Bank of Israel's rates of the day. */
export const REFRESH_RATES_JOB = 'market.refresh-rates';

/**
 * Daily at 18:00 Israel time: the Bank of Israel publishes in the afternoon (no fixed time), so the day's rate
 * is stored before the evening's trades need it, instead of being fetched by the first trade that misses it.
 */
export const refreshRatesSchedule: RecurringJobRequest<null> = {
  id: REFRESH_RATES_JOB,
  name: REFRESH_RATES_JOB,
  cron: '0 18 * * *',
  timezone: 'Asia/Jerusalem',
  payload: null,
};

/** Fetches, stores and publishes the day's rates; a source that cannot be read fails the run, so it is retried. */
export const refreshRatesJob: JobHandler = async (_payload, { platform }) => {
  // Rates stored before the market published them go out on the first run, offline too; later runs find none.
  const backlog = await publishUnpublishedRates(platform);
  const stored = await ratesServiceFor(platform).refreshFromSource();
  const source = platform.settingsOf(marketConfig).BOI_RATES_URL ? 'boi' : 'none';
  platform.logger.info({ stored, backlog, source }, 'rates refreshed');
};
