import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allConfigVariables, ConfigError, loadConfig, platformVariables } from './config';
import { defineModuleConfig } from './variables';

const dataDir = mkdtempSync(join(tmpdir(), 'yoman-config-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    ['NODE_ENV', 'staging'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['LOG_LEVEL', 'loud'],
    ['KAFKA_BROKERS', 'localhost'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['KAFKA_PARTITIONS', '0'],
    ['INTERNAL_SECRET', 'short'],
  ] as const)('a bad %s (%s) stops start-up with one line naming it', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).not.toContain('\n');
  });

  it('parses the distributed-mode variables', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      KAFKA_BROKERS: '127.0.0.1:9092, kafka-2:9093',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '8080',
    });
    expect(config.kafkaBrokers).toEqual(['127.0.0.1:9092', 'kafka-2:9093']);
    expect(config.port).toBe(8080);
  });

  it('leaves the gateway’s variables to the gateway, and writes nothing to DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://yoman@127.0.0.1/yoman' });
    expect(config).not.toHaveProperty('sessionSecret');
    expect(config).not.toHaveProperty('serviceUrls');
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'short', SERVICE_URLS: 'nonsense' }).dataDir).toBe(
      dataDir,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('keeps the environment it read, for the modules’ own variables', () => {
    const env = { DATA_DIR: dataDir, USD_ILS_RATE: '3.65' };
    expect(loadConfig(env).environment).toBe(env);
  });
});

describe('the variables of the platform and its modules', () => {
  const rateConfig = defineModuleConfig({
    RATE: { schema: z.coerce.number().positive(), default: '1', description: 'a rate' },
    SOURCE: { schema: z.url(), description: 'where rates come from' },
  });

  it('reads a module’s variables with their defaults, typed', () => {
    const settings: { readonly RATE: number; readonly SOURCE: string | undefined } = rateConfig.load({});
    expect(settings).toEqual({ RATE: 1, SOURCE: undefined });
    expect(rateConfig.load({ RATE: ' 2.5 ', SOURCE: 'https://rates.example' })).toEqual({
      RATE: 2.5,
      SOURCE: 'https://rates.example',
    });
  });

  it('stops at a module’s bad variable with the same one-line error', () => {
    expect(() => rateConfig.load({ RATE: '-1' })).toThrow(ConfigError);
    expect(() => rateConfig.load({ RATE: '-1' })).toThrow(/^Configuration error: RATE is invalid \("-1"\): /);
  });

  it('lists the platform’s variables and each module’s, refusing a name declared twice', () => {
    const all = allConfigVariables([{ name: 'rates', config: rateConfig }]);
    expect(Object.keys(all)).toEqual([...Object.keys(platformVariables.variables), 'RATE', 'SOURCE']);
    const clash = defineModuleConfig({ PORT: { schema: z.string(), description: 'again' } });
    expect(() => allConfigVariables([{ name: 'clash', config: clash }])).toThrow(
      'PORT is declared by both platform and clash',
    );
  });
});
