import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectRefusal, identityTestApp, signUp } from '../testing/identity-test-app';
import { TINY_JPEG, TINY_PNG } from './sample-images';

let harness: Awaited<ReturnType<typeof identityTestApp>>;
let cookie: string;
beforeAll(async () => {
  harness = await identityTestApp();
});
beforeEach(async () => {
  await harness.reset();
  cookie = (await signUp(harness.app, 1)).cookie;
});
afterAll(() => harness.close());

async function uploadUrl(as = cookie): Promise<string> {
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/profile/upload-url',
    headers: { cookie: as },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { uploadURL } = response.json() as { uploadURL: string };
  expect(uploadURL).toMatch(/^\/api\/uploads\/[\w-]+$/);
  return uploadURL;
}

const put = (url: string, body: Buffer | string, contentType = 'image/png') =>
  harness.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });
const setImage = (imageURL: unknown, as = cookie) =>
  harness.app.inject({
    method: 'PUT',
    url: '/api/profile/image',
    payload: { imageURL },
    headers: { cookie: as },
  });

describe('profile image upload', () => {
  it('stores a real PNG under a generated name and serves it back', async () => {
    const response = await put(await uploadUrl(), TINY_PNG);
    expect(response.statusCode, response.body).toBe(200);
    const { imageURL } = response.json() as { imageURL: string };
    expect(imageURL).toMatch(/^\/api\/uploads\/files\/[0-9a-f-]{36}\.png$/);
    const served = await harness.app.inject({ method: 'GET', url: imageURL });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('accepts a JPEG, as the crop dialog sends it', async () => {
    const response = await put(await uploadUrl(), TINY_JPEG, 'image/jpeg');
    expect(response.json().imageURL).toMatch(/\.jpg$/);
  });

  it('refuses a text file sent as a PNG', async () => {
    expectRefusal(
      await put(await uploadUrl(), Buffer.from('hello, I am notes.txt renamed to .png')),
      400,
      'NOT_AN_IMAGE',
    );
  });

  it('refuses a body declared as something other than JPEG or PNG', async () => {
    expectRefusal(await put(await uploadUrl(), TINY_PNG, 'image/gif'), 400, 'NOT_AN_IMAGE');
    expectRefusal(await put(await uploadUrl(), '{"a":1}', 'application/json'), 400, 'NOT_AN_IMAGE');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const refusal = expectRefusal(await put(await uploadUrl(), huge), 413, 'PAYLOAD_TOO_LARGE');
    expect(refusal.message).toBe('הקובץ גדול מדי. גודל מקסימלי: 5MB');
  });

  it('uses each upload URL once', async () => {
    const url = await uploadUrl();
    expect((await put(url, TINY_PNG)).statusCode).toBe(200);
    expectRefusal(await put(url, TINY_PNG), 404);
  });

  it('refuses an upload URL after 15 minutes', async () => {
    const url = await uploadUrl();
    harness.clock.advance(15 * 60_000);
    expectRefusal(await put(url, TINY_PNG), 404);
  });

  it('refuses unknown tokens and serves only known names', async () => {
    expectRefusal(await put('/api/uploads/unknown-token-1234567890', TINY_PNG), 404);
    const unknown = '/api/uploads/files/0b6f3a52-7c1e-4d0a-9a8e-2f4b6c8d0e1f.png';
    expectRefusal(await harness.app.inject({ method: 'GET', url: unknown }), 404);
    expectRefusal(
      await harness.app.inject({ method: 'GET', url: '/api/uploads/files/..%2F..%2Fsession.key' }),
      404,
    );
  });
});

describe('PUT /api/profile/image', () => {
  it('sets an uploaded image, named by its served URL, and GET /api/user shows it', async () => {
    const { imageURL } = (await put(await uploadUrl(), TINY_PNG)).json() as { imageURL: string };
    const response = await setImage(imageURL);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profileImage).toBe(imageURL);
    const user = await harness.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(user.json().profileImage).toBe(imageURL);
  });

  it('accepts the upload URL itself, as an absolute URL too', async () => {
    const url = await uploadUrl();
    const { imageURL } = (await put(url, TINY_PNG)).json() as { imageURL: string };
    const response = await setImage(`http://localhost:3000${url}`);
    expect(response.json().profileImage).toBe(imageURL);
  });

  it("refuses another user's upload", async () => {
    const { imageURL } = (await put(await uploadUrl(), TINY_PNG)).json() as { imageURL: string };
    const other = (await signUp(harness.app, 2)).cookie;
    expectRefusal(await setImage(imageURL, other), 400, 'UNKNOWN_IMAGE');
  });

  it('refuses an upload URL that received no file, and foreign URLs', async () => {
    expectRefusal(await setImage(await uploadUrl()), 400, 'UNKNOWN_IMAGE');
    expectRefusal(await setImage('https://example.com/me.png'), 400, 'UNKNOWN_IMAGE');
  });

  it('refuses a body without a URL', async () => {
    expectRefusal(await setImage(''), 400);
    expectRefusal(await setImage(42), 400);
  });
});

describe('signed-out callers', () => {
  it('get 401 from the upload-URL and profile-image routes', async () => {
    expectRefusal(await harness.app.inject({ method: 'POST', url: '/api/profile/upload-url' }), 401);
    expectRefusal(await setImage('/api/uploads/files/x.png', ''), 401);
  });
});
