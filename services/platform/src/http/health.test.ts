import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ modules: [] });
});
afterAll(() => harness.close());

describe('health probes', () => {
  it('answers /healthz and /readyz while the database answers', async () => {
    expect((await harness.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await harness.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('answers /readyz with 503 when the database does not answer, /healthz still 200', async () => {
    const db = harness.platform.db;
    // knex's `raw` is read-only: shadow it on an object that inherits everything else.
    const failingDb = Object.create(db);
    Object.defineProperty(failingDb, 'raw', { value: () => Promise.reject(new Error('connection refused')) });
    harness.platform.db = failingDb;
    try {
      expect((await harness.app.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect((await harness.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      harness.platform.db = db;
    }
  });

  it('answers /readyz with 503 naming the Kafka groups a projector is not in, and ready once it is', async () => {
    const memberships = [
      { group: 'yoman.projector.trade', joined: true },
      { group: 'yoman.projector.gateway', joined: false },
    ];
    harness.platform.consumerGroups = () => memberships;
    try {
      const joining = await harness.app.inject({ url: '/readyz' });
      expect(joining.statusCode).toBe(503);
      expect(joining.json()).toEqual({ status: 'unavailable', joining: ['yoman.projector.gateway'] });
      expect((await harness.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      memberships[1] = { group: 'yoman.projector.gateway', joined: true };
      expect((await harness.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
    } finally {
      harness.platform.consumerGroups = undefined;
    }
  });
});
