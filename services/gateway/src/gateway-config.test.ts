import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, ConfigError, loadConfig } from '@yoman/platform';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FRONT_END_DIR, gatewayConfig, loadGatewaySettings } from './gateway-config';

const dataDir = mkdtempSync(join(tmpdir(), 'yoman-gateway-config-'));
const SECRET = 'ab'.repeat(32);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The gateway's settings as a process reads them: the platform's configuration first, then its own. */
const settingsOf = (env: Record<string, string>) =>
  loadGatewaySettings(loadConfig({ DATA_DIR: dataDir, ...env }));

function configError(env: Record<string, string>): ConfigError {
  try {
    settingsOf(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('the gateway’s variables', () => {
  it('serve the checkout’s own front end and remotes by default', () => {
    expect(gatewayConfig.load({})).toEqual({
      FRONT_END_DIR: undefined,
      REMOTES_MANIFEST: undefined,
      SESSION_SECRET: undefined,
      COOKIE_SECURE: undefined,
      SERVICE_URLS: undefined,
    });
    expect(DEFAULT_FRONT_END_DIR.endsWith(join('dist', 'web'))).toBe(true);
    expect(settingsOf({})).toMatchObject({ frontEndDir: DEFAULT_FRONT_END_DIR, session: { secure: true } });
  });

  it('read REMOTES_MANIFEST as name=URL pairs or JSON', () => {
    const pairs = 'journal=https://cdn.example/journal/mf-manifest.json,mentor=/m/mf-manifest.json';
    expect(gatewayConfig.load({ REMOTES_MANIFEST: pairs }).REMOTES_MANIFEST).toEqual({
      journal: 'https://cdn.example/journal/mf-manifest.json',
      mentor: '/m/mf-manifest.json',
    });
    expect(gatewayConfig.load({ REMOTES_MANIFEST: '{"leagues":"/l.json"}' }).REMOTES_MANIFEST).toEqual({
      leagues: '/l.json',
    });
  });

  it.each([
    ['{"journal":', 'Configuration error: REMOTES_MANIFEST is not valid JSON'],
    ['journal', 'Configuration error: REMOTES_MANIFEST must map remote names to manifest URLs (name=URL,…)'],
  ])('a bad REMOTES_MANIFEST (%s) stops start-up with one line naming it', (value, message) => {
    expect(() => gatewayConfig.load({ REMOTES_MANIFEST: value })).toThrow(ConfigError);
    expect(() => gatewayConfig.load({ REMOTES_MANIFEST: value })).toThrow(message);
  });

  it('turns secure cookies off in development and test unless told otherwise', () => {
    expect(settingsOf({ NODE_ENV: 'development' }).session.secure).toBe(false);
    expect(settingsOf({ NODE_ENV: 'test' }).session.secure).toBe(false);
    expect(settingsOf({ NODE_ENV: 'test', COOKIE_SECURE: 'true' }).session.secure).toBe(true);
  });

  it('generates a session key once, stores it with mode 0600 and reuses it after a restart', () => {
    const first = settingsOf({}).session.secret;
    const second = settingsOf({}).session.secret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toBe(first);
    const file = join(dataDir, 'session.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('names SESSION_SECRET when the stored key is unusable', () => {
    const broken = mkdtempSync(join(tmpdir(), 'yoman-gateway-config-broken-'));
    writeFileSync(join(broken, 'session.key'), 'not a key');
    try {
      const config = loadConfig({ DATA_DIR: broken });
      expect(() => loadGatewaySettings(config)).toThrow(
        /^Configuration error: SESSION_SECRET is not set and /,
      );
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('requires SESSION_SECRET when DATABASE_URL is set', () => {
    const error = configError({ DATABASE_URL: 'postgres://yoman@127.0.0.1:5432/yoman' });
    expect(error.variable).toBe('SESSION_SECRET');
    expect(error.message).toBe(
      'Configuration error: SESSION_SECRET is required when DATABASE_URL is set (64 hex characters)',
    );
    const settings = settingsOf({ DATABASE_URL: 'postgres://yoman@127.0.0.1/yoman', SESSION_SECRET: SECRET });
    expect(settings.session.secret).toBe(SECRET);
  });

  it('keeps an in-memory install off the disk', () => {
    const config: Config = loadConfig({ DATA_DIR: 'memory://' });
    expect(loadGatewaySettings(config).session.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['SESSION_SECRET', 'short'],
    ['COOKIE_SECURE', 'maybe'],
    ['SERVICE_URLS', 'trade=ftp://trade-api'],
  ] as const)('a bad %s (%s) stops start-up with one line naming it', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).not.toContain('\n');
  });

  it('reads SERVICE_URLS as service names to http(s) URLs', () => {
    const settings = settingsOf({
      SERVICE_URLS: 'trade=http://trade-api:3010, league=https://league.example',
    });
    expect(settings.serviceUrls).toEqual({
      trade: 'http://trade-api:3010',
      league: 'https://league.example',
    });
    expect(configError({ SERVICE_URLS: 'trade' }).message).toBe(
      'Configuration error: SERVICE_URLS must map service names to http(s) URLs (trade=http://trade-api:3010,…)',
    );
  });
});
