import { ConfigError } from '@yoman/platform';
import { createTestPlatform } from '@yoman/platform/testing';
import { describe, expect, it } from 'vitest';
import { marketModule } from './index';
import { marketConfig } from './market-config';

describe('the market module’s variables', () => {
  it('reads no rate source unless one is set, and parses the Bank of Israel address', () => {
    expect(marketConfig.load({})).toEqual({ BOI_RATES_URL: undefined });
    const url = 'https://boi.org.il/PublicApi/GetExchangeRates';
    expect(marketConfig.load({ BOI_RATES_URL: url })).toEqual({ BOI_RATES_URL: url });
  });

  it('a bad BOI_RATES_URL stops the platform from starting, with one line naming it', async () => {
    expect(() => marketConfig.load({ BOI_RATES_URL: 'ftp://boi.org.il/rates' })).toThrow(ConfigError);
    const starting = createTestPlatform([marketModule], {
      config: { environment: { BOI_RATES_URL: 'ftp://boi.org.il/rates' } },
    });
    await expect(starting).rejects.toThrow(/^Configuration error: BOI_RATES_URL /);
  });
});
