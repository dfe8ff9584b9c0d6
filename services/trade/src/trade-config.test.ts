import { ConfigError } from '@yoman/platform';
import { createTestPlatform } from '@yoman/platform/testing';
import { describe, expect, it } from 'vitest';
import { tradeConfig } from './trade-config';
import { createTradeModule } from './trade-module';

function configError(env: Record<string, string>): ConfigError {
  try {
    tradeConfig.load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('the trade module’s variables', () => {
  it('applies the documented defaults', () => {
    expect(tradeConfig.load({})).toEqual({
      USD_ILS_RATE: '3.70',
      FX_FALLBACK_RATES: undefined,
    });
  });

  it('parses the fallback rates', () => {
    const settings = tradeConfig.load({
      USD_ILS_RATE: '3.6512',
      FX_FALLBACK_RATES: 'EUR=1.08, gbp=1.27,JPY=0.0066',
    });
    expect(settings.USD_ILS_RATE).toBe('3.6512');
    expect(settings.FX_FALLBACK_RATES).toEqual({ EUR: '1.08', GBP: '1.27', JPY: '0.0066' });
  });

  it.each([
    ['USD_ILS_RATE', '3,70'],
    ['FX_FALLBACK_RATES', 'GBP:1.27'],
    ['FX_FALLBACK_RATES', 'GBP=1,27'],
    ['FX_FALLBACK_RATES', 'GBP=0'],
    ['FX_FALLBACK_RATES', 'POUND=1.27'],
    ['FX_FALLBACK_RATES', 'GBP=1.27,GBP=1.3'],
  ] as const)('a bad %s (%s) stops start-up with one line naming it', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Configuration error: ${variable} `));
    expect(error.message).not.toContain('\n');
  });

  it('names the pair an FX_FALLBACK_RATES value gets wrong', () => {
    expect(configError({ FX_FALLBACK_RATES: 'EUR=1.08,GBP:1.27' }).message).toBe(
      'Configuration error: FX_FALLBACK_RATES is invalid: "GBP:1.27" must be CUR=USD per unit, once per currency (EUR=1.08,GBP=1.27)',
    );
  });

  it('stops the platform from starting when one is bad', async () => {
    const starting = createTestPlatform([createTradeModule()], {
      config: { environment: { USD_ILS_RATE: '3,70' } },
    });
    await expect(starting).rejects.toThrow(/^Configuration error: USD_ILS_RATE is invalid/);
  });
});
