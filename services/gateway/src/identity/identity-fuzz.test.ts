import {
  loginBodySchema,
  profileImageBodySchema,
  registerBodySchema,
  updateUserSettingsBodySchema,
} from '@yoman/contracts';
import { type FuzzRouteOptions, fuzzRoute } from '@yoman/platform/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTestApp, signUp } from './testing/identity-test-app';
import { TINY_PNG } from './uploads/sample-images';

let harness: Awaited<ReturnType<typeof identityTestApp>>;
let headers: Record<string, string>;
let uploadURL: string;
beforeAll(async () => {
  harness = await identityTestApp();
  headers = { cookie: (await signUp(harness.app, 1)).cookie };
  const response = await harness.app.inject({ method: 'POST', url: '/api/profile/upload-url', headers });
  uploadURL = response.json().uploadURL;
});
afterAll(() => harness.close());

const RUNS = 200;

const routes: (Omit<FuzzRouteOptions, 'headers'> & { signedIn: boolean })[] = [
  { method: 'POST', url: '/api/register', bodySchema: registerBodySchema, signedIn: false },
  { method: 'POST', url: '/api/login', bodySchema: loginBodySchema, signedIn: false },
  { method: 'POST', url: '/api/logout', signedIn: false },
  { method: 'GET', url: '/api/user', signedIn: true },
  { method: 'GET', url: '/api/user-settings', signedIn: true },
  { method: 'PUT', url: '/api/user-settings', bodySchema: updateUserSettingsBodySchema, signedIn: true },
  { method: 'DELETE', url: '/api/auth/devices/not-a-device', signedIn: true },
  { method: 'POST', url: '/api/profile/upload-url', signedIn: true },
  { method: 'PUT', url: '/api/profile/image', bodySchema: profileImageBodySchema, signedIn: true },
  { method: 'GET', url: '/api/uploads/files/0b6f3a52-7c1e-4d0a-9a8e-2f4b6c8d0e1f.png', signedIn: false },
];

describe('fuzzing the identity routes', () => {
  for (const { signedIn, ...route } of routes) {
    it(`${route.method} ${route.url} never answers 5xx`, async () => {
      const statuses = await fuzzRoute(harness.app, {
        ...route,
        numRuns: RUNS,
        headers: () => (signedIn ? headers : {}),
      });
      const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
      expect(answered).toBe(RUNS);
    });
  }

  it('PUT on the upload target never answers 5xx, and a real image still gets in afterwards', async () => {
    const token = uploadURL.split('/').at(-1)!;
    await fuzzRoute(harness.app, { method: 'PUT', url: `/api/uploads/x${token}`, numRuns: RUNS });
    await fuzzRoute(harness.app, { method: 'PUT', url: uploadURL, numRuns: RUNS });
    const image = await harness.app.inject({
      method: 'PUT',
      url: uploadURL,
      payload: TINY_PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(image.statusCode).toBe(200);
  });
});

describe('registering with any valid details', () => {
  const letters = fc.constantFrom(...'abcxyzאבגדשת019_.-'.split(''));
  const details = fc.record({
    username: fc.string({ unit: letters, minLength: 1, maxLength: 20 }),
    local: fc.stringMatching(/^[a-z0-9]([a-z0-9+_-]{0,10}[a-z0-9])?$/),
    password: fc.string({ minLength: 8, maxLength: 40 }),
    displayName: fc.string({ minLength: 1, maxLength: 40 }).filter((name) => name.trim().length > 0),
  });

  it('signs the new user in, and the same e-mail in other letter case is then taken', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(details, async ({ username, local, password, displayName }) => {
        n += 1;
        const email = `${local}.${n}@example.com`;
        const body = { username: `${username}${n}`, email, password, displayName };
        // Each registration from an address of its own: one address may register only so often.
        const remoteAddress = `198.51.100.${n}`;
        const response = await harness.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: body,
          remoteAddress,
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ username: body.username.trim(), role: 'student' });
        const again = { ...body, username: `other${n}`, email: email.toUpperCase() };
        const taken = await harness.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: again,
          remoteAddress,
        });
        expect(taken.statusCode).toBe(409);
      }),
      { numRuns: 30 },
    );
  });
});
