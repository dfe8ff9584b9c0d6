import { join } from 'node:path';
import { ConfigError } from '@yoman/platform';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FRONT_END_DIR, gatewayConfig } from './gateway-config';

describe('the gateway’s variables', () => {
  it('serve the checkout’s own front end and remotes by default', () => {
    expect(gatewayConfig.load({})).toEqual({ FRONT_END_DIR: undefined, REMOTES_MANIFEST: undefined });
    expect(DEFAULT_FRONT_END_DIR.endsWith(join('dist', 'web'))).toBe(true);
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
});
