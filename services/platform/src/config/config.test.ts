import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allConfigVariables, ConfigError, loadConfig, platformVariables } from './config';
import { defineModuleConfig } from './variables';

const dataDir = mkdtempSync(join(tmpdir(), 'yoman-config-'));
const SECRET = 'ab'.repeat(32);

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
      cookieSecure: true,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('turns secure cookies off in development and test unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }).cookieSecure).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).cookieSecure).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', COOKIE_SECURE: 'true' }).cookieSecure).toBe(
      true,
    );
  });

  it('generates a session key once, stores it with mode 0600 and reuses it after a restart', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toBe(first);
    const file = join(dataDir, 'session.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('names SESSION_SECRET when the stored key is unusable', () => {
    const broken = mkdtempSync(join(tmpdir(), 'yoman-config-broken-'));
    writeFileSync(join(broken, 'session.key'), 'not a key');
    try {
      expect(() => loadConfig({ DATA_DIR: broken })).toThrow(/SESSION_SECRET/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('requires SESSION_SECRET when DATABASE_URL is set', () => {
    const error = configError({ DATABASE_URL: 'postgres://yoman@127.0.0.1:5432/yoman' });
    expect(error.variable).toBe('SESSION_SECRET');
    const config = loadConfig({ DATABASE_URL: 'postgres://yoman@127.0.0.1/yoman', SESSION_SECRET: SECRET });
    expect(config.sessionSecret).toBe(SECRET);
  });

  it.each([
    ['NODE_ENV', 'staging'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['SESSION_SECRET', 'short'],
    ['COOKIE_SECURE', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['KAFKA_BROKERS', 'localhost'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['KAFKA_PARTITIONS', '0'],
    ['SERVICE_URLS', 'trade=ftp://trade-api'],
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
      SERVICE_URLS: 'trade=http://trade-api:3010, league=https://league.example',
      PORT: '8080',
    });
    expect(config.kafkaBrokers).toEqual(['127.0.0.1:9092', 'kafka-2:9093']);
    expect(config.serviceUrls).toEqual({
      trade: 'http://trade-api:3010',
      league: 'https://league.example',
    });
    expect(config.port).toBe(8080);
  });

  it('keeps an in-memory install off the disk', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
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
