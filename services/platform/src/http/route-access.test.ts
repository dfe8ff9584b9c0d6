import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YomanModule } from '../module';
import { createTestApp, createTestPlatform, headerCaller, type TestApp } from '../testing';
import { createHttpApp } from './http-app';
import { UndeclaredRouteError } from './route-access';

const roomRoutes: FastifyPluginAsync = async (app) => {
  app.get('/lobby', async () => ({ room: 'lobby' }));
  app.put('/rooms/:id', async () => ({ room: 'mine' }));
  app.get('/staff-room', async () => ({ room: 'staff' }));
  app.put('/lockers/:token', async () => ({ room: 'locker' }));
};
const roomsModule: YomanModule = {
  name: 'rooms',
  migrations: [],
  routes: roomRoutes,
  declaredRoutes: [
    { method: 'GET', path: '/api/lobby', access: 'public' },
    { method: 'PUT', path: '/api/rooms/{id}', access: 'signed-in' },
    { method: 'GET', path: '/api/staff-room', access: 'mentor' },
    { method: 'PUT', path: '/api/lockers/{token}', access: 'capability' },
  ],
};

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ modules: [roomsModule], plugins: [headerCaller] });
});
afterAll(() => harness.close());

const call = (method: 'GET' | 'PUT', url: string, role?: string) =>
  harness.app.inject({
    method,
    url,
    headers: role ? { 'x-test-user': 'u1', 'x-test-role': role } : {},
    // A body the routes would refuse: access is decided before any body is looked at.
    ...(method === 'PUT' ? { payload: '{not json', headers: { 'content-type': 'application/json' } } : {}),
  });

describe('access declared in the route table, checked once', () => {
  it('given a public or capability route, when anyone calls, then it is served', async () => {
    expect((await call('GET', '/api/lobby')).statusCode).toBe(200);
    const locker = await harness.app.inject({ method: 'PUT', url: '/api/lockers/t1' });
    expect(locker.statusCode).toBe(200);
  });

  it('given a signed-in route, when a signed-out caller sends even a broken body, then 401 comes first', async () => {
    const answer = await call('PUT', '/api/rooms/r1');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const signedIn = await harness.app.inject({
      method: 'PUT',
      url: '/api/rooms/r1',
      headers: { 'x-test-user': 'u1', 'x-test-role': 'student' },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('given a mentor route, when a student calls, then 403 in Hebrew; signed out 401; a mentor is served', async () => {
    const student = await call('GET', '/api/staff-room', 'student');
    expect(student.statusCode).toBe(403);
    expect(student.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/[א-ת]/) });
    expect((await call('GET', '/api/staff-room')).statusCode).toBe(401);
    expect((await call('GET', '/api/staff-room', 'mentor')).json()).toEqual({ room: 'staff' });
  });

  it('given HEAD on a GET route, when a student calls a mentor route, then it is refused the same', async () => {
    const head = await harness.app.inject({
      method: 'HEAD',
      url: '/api/staff-room',
      headers: { 'x-test-user': 'u1', 'x-test-role': 'student' },
    });
    expect(head.statusCode).toBe(403);
  });
});

describe('a route without a declared access rule', () => {
  it('stops the app at start-up, naming the route', async () => {
    const running = await createTestPlatform([]);
    try {
      const sneaky: YomanModule = {
        name: 'sneaky',
        migrations: [],
        routes: async (app) => {
          app.get('/lobby', async () => ({}));
          app.delete('/lobby', async () => ({}));
        },
        declaredRoutes: [{ method: 'GET', path: '/api/lobby', access: 'public' }],
      };
      const building = createHttpApp({ platform: running.platform, modules: [sneaky] });
      await expect(building).rejects.toThrow(UndeclaredRouteError);
      await expect(createHttpApp({ platform: running.platform, modules: [sneaky] })).rejects.toThrow(
        /DELETE \/api\/lobby is not declared/,
      );
    } finally {
      await running.close();
    }
  });
});
