import { randomBytes } from 'node:crypto';
import type { RegisterBody, User } from '@yoman/contracts';
import { createTestApp, createTestClock } from '@yoman/platform/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { identityModule } from '../identity-module';
import { SESSION_COOKIE, sessionPlugin } from '../sessions/session-plugin';

/** The gateway's session plugin with a fresh key and no `Secure` flag, as `buildGateway` would set it up in tests. */
export const testSessionPlugin = () =>
  sessionPlugin({ secret: randomBytes(32).toString('hex'), secure: false });

/** The gateway with only the identity module, on in-memory PGlite, with a clock the test moves. */
export async function identityTestApp() {
  const clock = createTestClock();
  const harness = await createTestApp({ modules: [identityModule], plugins: [testSessionPlugin()], clock });
  return { ...harness, clock };
}

export type IdentityTestApp = Awaited<ReturnType<typeof identityTestApp>>;

/**
 * A test file's identity app: started before its tests (the answer is filled in then), emptied and its clock set
 * to `startAt` before each test, closed after them.
 */
export function identityTestAppPerFile(startAt = '2026-01-05T09:00:00Z'): IdentityTestApp {
  const harness = {} as IdentityTestApp;
  beforeAll(async () => {
    Object.assign(harness, await identityTestApp());
  });
  beforeEach(async () => {
    await harness.reset();
    harness.clock.set(startAt);
  });
  afterAll(() => harness.close?.());
  return harness;
}

export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
export const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

/** A valid registration for trader number `n`. */
export const registration = (n: number): RegisterBody => ({
  username: `trader${n}`,
  email: `trader${n}@example.com`,
  password: 'correct horse battery',
  displayName: `סוחר ${n}`,
});

/** The `name=value` of the session cookie a response set; fails the test when it set none. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  expect(cookie, 'session cookie').toBeDefined();
  // light-my-request hands the value back decoded; a Cookie header needs it encoded again.
  return `${SESSION_COOKIE}=${encodeURIComponent(cookie!.value)}`;
}

/** Registers trader `n` and answers their user and session cookie. */
export async function signUp(app: FastifyInstance, n: number, userAgent = CHROME_ON_WINDOWS) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: registration(n),
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { user: response.json() as User, cookie: sessionCookieOf(response) };
}

/** Logs trader `n` in again (another device) and answers the new session cookie. */
export async function logIn(app: FastifyInstance, n: number, userAgent = FIREFOX_ON_LINUX) {
  const { email, password } = registration(n);
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password, rememberMe: true },
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieOf(response);
}

/** Expects a 4xx answer in the error body shape, with a Hebrew message and the given code. */
export function expectRefusal(response: LightMyRequestResponse, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { message: string; code: string };
  expect(body.message).toMatch(/[\u0590-\u05FF]/);
  if (code) expect(body.code).toBe(code);
  return body;
}
