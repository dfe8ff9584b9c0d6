import type { JobHandler, RecurringJobRequest } from '@yoman/platform';
import { publishUnpublishedRates } from './rates-publication';

/** The sweep that publishes every stored rate not yet published. */
export const PUBLISH_RATES_JOB = 'market.publish-rates';

/**
 * Every five minutes, so rates stored before the market published them (an installation's history) reach the
 * other modules soon after an upgrade rather than at the next daily refresh, and a publication cut short after
 * its store is made good. A sweep that finds nothing changes nothing.
 */
export const publishRatesSchedule: RecurringJobRequest<null> = {
  id: 'market:publish-rates',
  name: PUBLISH_RATES_JOB,
  everyMs: 5 * 60_000,
  payload: null,
};

/** Publishes the stored rates that were never published, if any. */
export const publishRatesJob: JobHandler = async (_payload, { platform }) => {
  const published = await publishUnpublishedRates(platform);
  if (published > 0) platform.logger.info({ published }, 'stored rates published');
};
