import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRouteById, apiRoutes, beyondSpecRoutes, declaredRoutes, fastifyPathOf, pathWith } from './api';

/** Spec §7's table, transcribed row by row (query strings left out of the paths). */
const SPEC_CALLS = [
  'GET /api/user',
  'POST /api/login',
  'POST /api/register',
  'POST /api/logout',
  'GET /api/daily-aggregates/{date}',
  'GET /api/daily-aggregates',
  'GET /api/trades',
  'POST /api/calculate-trade',
  'POST /api/trades',
  'GET /api/dashboard-stats',
  'GET /api/analytics',
  'GET /api/setups',
  'POST /api/setups',
  'PUT /api/setups/{id}',
  'POST /api/setups/{id}/archive',
  'GET /api/leagues/my',
  'GET /api/leagues/leaderboard',
  'GET /api/leagues/badges',
  'GET /api/leagues/score-breakdown',
  'POST /api/leagues/join',
  'GET /api/economic-calendar',
  'GET /api/notifications',
  'GET /api/notification-settings',
  'PATCH /api/notifications/{id}/read',
  'PATCH /api/notifications/mark-all-read',
  'PATCH /api/notification-settings',
  'POST /api/notifications/test',
  'GET /api/user-settings',
  'PUT /api/user-settings',
  'PUT /api/profile/image',
  'POST /api/profile/upload-url',
  'DELETE /api/auth/devices/{id}',
  'GET /api/mentor/overview',
  'GET /api/mentor/students',
];

const allRoutes = [...apiRoutes, ...beyondSpecRoutes];
const callOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
const partsOf = (route: (typeof allRoutes)[number]) =>
  (['params', 'query', 'body'] as const).flatMap((part) => {
    const schema = (route as Partial<Record<typeof part, z.ZodType>>)[part];
    return schema ? [{ part, schema }] : [];
  });

describe('route table', () => {
  it('has exactly the 34 calls of spec §7', () => {
    expect(SPEC_CALLS).toHaveLength(34);
    expect(apiRoutes).toHaveLength(34);
    expect(apiRoutes.map(callOf).sort()).toEqual([...SPEC_CALLS].sort());
  });

  it('has every method and path once, and every id once, extra routes included', () => {
    const calls = allRoutes.map(callOf);
    expect(new Set(calls).size).toBe(calls.length);
    const ids = allRoutes.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const extra of beyondSpecRoutes) expect(SPEC_CALLS).not.toContain(callOf(extra));
  });

  it('declares a params schema with exactly the path parameters', () => {
    for (const route of allRoutes) {
      const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const params = 'params' in route ? route.params : undefined;
      if (pathNames.length === 0) {
        expect(params, callOf(route)).toBeUndefined();
        continue;
      }
      expect(params, callOf(route)).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((params as z.ZodObject).shape).sort(), callOf(route)).toEqual(pathNames.sort());
    }
  });

  it('declares every {id} path parameter a UUID, so a malformed or 5,000-character id is a 400 naming it', () => {
    const withId = declaredRoutes.filter((route) => route.path.includes('{id}'));
    expect(withId.length).toBeGreaterThanOrEqual(8);
    for (const route of withId) {
      const params = (route as { params: z.ZodType }).params;
      expect(params.safeParse({ id: '0b6f3a52-7c1e-4d0a-9a8e-2f4b6c8d0e1f' }).success, callOf(route)).toBe(
        true,
      );
      for (const bad of ['not-a-uuid', 'a'.repeat(5000)]) {
        const refused = params.safeParse({ id: bad });
        expect(refused.error?.issues[0]?.path, callOf(route)).toEqual(['id']);
      }
      expect(z.toJSONSchema(params).properties?.id, callOf(route)).toMatchObject({ format: 'uuid' });
    }
  });

  it('sends bodies only on state changes and queries only on reads', () => {
    for (const route of allRoutes) {
      if ('body' in route) expect(route.method, callOf(route)).not.toBe('GET');
      if ('query' in route) expect(route.method, callOf(route)).toBe('GET');
    }
  });

  it('guards the mentor area for mentors and leaves only login, register and logout public', () => {
    const access = (path: string) => allRoutes.filter((route) => route.path.startsWith(path));
    for (const route of access('/api/mentor/')) expect(route.access).toBe('mentor');
    const publicCalls = allRoutes.filter((route) => route.access === 'public').map(callOf);
    expect(publicCalls.sort()).toEqual(['POST /api/login', 'POST /api/logout', 'POST /api/register']);
  });

  it('turns every schema into JSON Schema, so the OpenAPI document can be generated', () => {
    for (const route of allRoutes) {
      for (const { part, schema } of partsOf(route)) {
        expect(() => z.toJSONSchema(schema, { io: 'input' }), `${callOf(route)} ${part}`).not.toThrow();
      }
      expect(() => z.toJSONSchema(route.response, { io: 'output' }), callOf(route)).not.toThrow();
    }
  });
});

describe('paths', () => {
  it("convert to Fastify's form and fill in parameters", () => {
    expect(fastifyPathOf('/api/notifications/{id}/read')).toBe('/api/notifications/:id/read');
    expect(pathWith('/api/daily-aggregates/{date}', { date: '2026-03-05' })).toBe(
      '/api/daily-aggregates/2026-03-05',
    );
    expect(pathWith('/api/setups/{id}', { id: 'a/b' })).toBe('/api/setups/a%2Fb');
  });

  it('are found by route id', () => {
    expect(callOf(apiRouteById('listDailyAggregates'))).toBe('GET /api/daily-aggregates');
    expect(callOf(apiRouteById('deleteTrade'))).toBe('DELETE /api/trades/{id}');
  });
});
