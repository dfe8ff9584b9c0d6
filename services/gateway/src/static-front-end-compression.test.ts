import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../scripts/precompress.mjs';
import { staticFrontEnd } from './static-front-end';

const built = mkdtempSync(join(tmpdir(), 'yoman-web-compressed-'));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ day: ${i}, netR: ${i / 7} }`).join(', ')}];`;
const page = `<!doctype html><html lang="he" dir="rtl"><title>יומן</title>${'<p>שורה</p>'.repeat(200)}</html>`;
const bothEncodings = 'gzip, deflate, br, zstd';
let app: FastifyInstance;

beforeAll(async () => {
  writeFileSync(join(built, 'index.html'), page);
  writeFileSync(join(built, 'main.3f9a8c21.js'), script);
  writeFileSync(join(built, 'tiny.0a1b2c3d.js'), '1');
  mkdirSync(join(built, 'fonts'));
  writeFileSync(join(built, 'fonts', 'heebo.5e6f7a8b.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
  precompressDirectory(built);
  app = Fastify();
  await app.register(staticFrontEnd, { frontEndDir: built });
});
afterAll(async () => {
  await app.close();
  rmSync(built, { recursive: true, force: true });
});

describe('the build precompresses the front end (scripts/precompress.mjs)', () => {
  it('writes a brotli and a gzip copy beside each text file, never beside fonts or where no byte is saved', () => {
    expect(existsSync(join(built, 'main.3f9a8c21.js.br'))).toBe(true);
    expect(existsSync(join(built, 'main.3f9a8c21.js.gz'))).toBe(true);
    expect(existsSync(join(built, 'index.html.br'))).toBe(true);
    expect(existsSync(join(built, 'fonts', 'heebo.5e6f7a8b.woff2.br'))).toBe(false);
    expect(existsSync(join(built, 'tiny.0a1b2c3d.js.br'))).toBe(false);
    expect(existsSync(join(built, 'tiny.0a1b2c3d.js.gz'))).toBe(false);
  });
});

describe('the gateway serves the precompressed copies', () => {
  it('sends brotli to a browser that accepts it, with the script type, the long cache and Vary', async () => {
    const response = await app.inject({
      url: '/main.3f9a8c21.js',
      headers: { 'accept-encoding': bothEncodings },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/u);
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const response = await app.inject({ url: '/main.3f9a8c21.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself, still with Vary, to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await app.inject({ url: '/main.3f9a8c21.js', headers });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.body).toBe(script);
    }
  });

  it('compresses the page a deep link falls back to, which is revalidated on every load', async () => {
    const response = await app.inject({
      url: '/calendar',
      headers: { accept: 'text/html', 'accept-encoding': bothEncodings },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it('sends files without copies as they are, without Vary', async () => {
    const font = await app.inject({
      url: '/fonts/heebo.5e6f7a8b.woff2',
      headers: { 'accept-encoding': bothEncodings },
    });
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers.vary).toBeUndefined();
    const tiny = await app.inject({
      url: '/tiny.0a1b2c3d.js',
      headers: { 'accept-encoding': bothEncodings },
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('1');
  });
});
