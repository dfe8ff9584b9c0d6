import { ConfigError } from '@yoman/platform';
import { describe, expect, it } from 'vitest';
import { remoteServicesOf } from './remote-services';

const SECRET = '1'.repeat(64);
const serviceUrls = { trade: 'http://trade-api:3010' };

describe('remoteServicesOf (SERVICE_URLS on the gateway)', () => {
  it('keeps every module in process when no service is named', () => {
    const remote = remoteServicesOf({});
    expect([...remote.modules]).toEqual([]);
    expect(remote.proxies).toEqual([]);
  });

  it('moves the trade module to the trade service, with one proxy, and market (no API) to its own processes', () => {
    const remote = remoteServicesOf({ serviceUrls, internalSecret: SECRET });
    expect([...remote.modules].sort()).toEqual(['market', 'trade']);
    expect(remote.proxies).toHaveLength(1);
    expect(remote.routes.some((route) => route.path === '/api/economic-calendar')).toBe(false);
  });

  it('refuses to name market, which serves no API to proxy', () => {
    const config = {
      serviceUrls: { ...serviceUrls, market: 'http://market-api:3030' },
      internalSecret: SECRET,
    };
    expect(() => remoteServicesOf(config)).toThrow(/cannot proxy: market \(known: trade\)/);
  });

  it('needs INTERNAL_SECRET to sign what it proxies', () => {
    expect(() => remoteServicesOf({ serviceUrls })).toThrow(ConfigError);
    expect(() => remoteServicesOf({ serviceUrls })).toThrow(/^Configuration error: INTERNAL_SECRET/);
  });

  it('proxies nothing in a role without an API, which then needs no secret', () => {
    const remote = remoteServicesOf({ serviceUrls }, 'worker');
    expect([...remote.modules].sort()).toEqual(['market', 'trade']);
    expect(remote.proxies).toEqual([]);
  });

  it('refuses to proxy the gateway itself, which serves identity in process', () => {
    const config = { serviceUrls: { gateway: 'http://elsewhere:3000' }, internalSecret: SECRET };
    expect(() => remoteServicesOf(config)).toThrow(/cannot proxy: gateway \(known: trade\)/);
  });

  it('refuses a service it does not know, naming it', () => {
    const config = {
      serviceUrls: { ...serviceUrls, league: 'http://league-api:3020' },
      internalSecret: SECRET,
    };
    expect(() => remoteServicesOf(config)).toThrow(
      /SERVICE_URLS names services the gateway cannot proxy: league/,
    );
  });
});
