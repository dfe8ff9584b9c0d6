import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchChromium,
  linkPaths,
  loginThroughScreen,
  newContext,
  type RunningBrowser,
  screenshot,
} from './browser';

const mentorEmail = process.env.YOMAN_E2E_MENTOR_EMAIL;
const mentorPassword = process.env.YOMAN_E2E_MENTOR_PASSWORD;

describe('the mentor and what the browser downloads', () => {
  let running: RunningBrowser;

  beforeAll(async () => {
    running = await launchChromium();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('/auth downloads neither the layout nor any remote, and the size is printed', async () => {
    const context = await newContext(running);
    const page = await context.newPage();
    const scripts: { url: string; gzip: number }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto('/auth');
    await page.getByRole('form', { name: 'התחברות' }).waitFor();
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`/auth downloaded ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(scripts.some((script) => script.url.startsWith('/remotes/'))).toBe(false);
    expect(scripts.some((script) => /\/layout\.|\/remote-loader\./u.test(script.url))).toBe(false);
    await context.close();
  });

  it('lands the installation mentor on /mentor with the organisation menu in spec order', async () => {
    if (!mentorEmail || !mentorPassword) throw new Error('scripts/test-e2e.mjs passes the mentor account');
    const context = await newContext(running);
    const page = await context.newPage();
    await loginThroughScreen(page, mentorEmail, mentorPassword);
    await page.waitForURL('**/mentor');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'יומן ביקורת' }).waitFor();
    expect(await sidebar.textContent()).toContain('מנטור');
    const links = await linkPaths(sidebar.getByRole('navigation'));
    expect(links).toEqual([
      '/mentor',
      '/mentor/students',
      '/mentor/review-queue',
      '/mentor/cohorts',
      '/mentor/leagues',
      '/mentor/analytics',
      '/mentor/trust',
      '/mentor/badges',
      '/mentor/reports',
      '/mentor/notifications',
      '/mentor/audit',
      '/mentor/settings',
    ]);
    await page.goto('/home');
    await page.waitForURL('**/mentor');
    await screenshot(page, 'mentor-layout');
    await context.close();
  });
});
