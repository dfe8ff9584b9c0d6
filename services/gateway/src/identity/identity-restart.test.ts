import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '@yoman/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { identityModule } from './identity-module';
import { sessionPlugin } from './sessions/session-plugin';
import { registration, signUp } from './testing/identity-test-app';
import { TINY_PNG } from './uploads/sample-images';

const dataDir = mkdtempSync(join(tmpdir(), 'yoman-identity-restart-'));
const config = { dataDir };
// The same key across the restart, as SESSION_SECRET (or the generated DATA_DIR/session.key) gives the gateway.
const session = sessionPlugin({ secret: randomBytes(32).toString('hex'), secure: false });
const start = () => createTestApp({ modules: [identityModule], plugins: [session], config });
let running: TestApp | undefined;

afterAll(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('after a restart on the same data directory', () => {
  it('users, their settings, sessions and uploaded images are all still there', async () => {
    running = await start();
    const { cookie } = await signUp(running.app, 1);
    await running.app.inject({
      method: 'PUT',
      url: '/api/user-settings',
      payload: { profile: { displayName: 'דנה', bio: 'נשמר', publicProfile: true } },
      headers: { cookie },
    });
    const { uploadURL } = (
      await running.app.inject({ method: 'POST', url: '/api/profile/upload-url', headers: { cookie } })
    ).json();
    const { imageURL } = (
      await running.app.inject({
        method: 'PUT',
        url: uploadURL,
        payload: TINY_PNG,
        headers: { 'content-type': 'image/png' },
      })
    ).json();
    await running.app.inject({
      method: 'PUT',
      url: '/api/profile/image',
      payload: { imageURL },
      headers: { cookie },
    });
    await running.close();

    running = await start();
    const user = await running.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json()).toMatchObject({ displayName: 'דנה', role: 'mentor', profileImage: imageURL });
    const { email, password } = registration(1);
    const login = await running.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    const image = await running.app.inject({ method: 'GET', url: imageURL });
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    const second = await signUp(running.app, 2);
    expect(second.user.role).toBe('student');
  });
});
