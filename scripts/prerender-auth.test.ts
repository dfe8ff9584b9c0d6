import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { afterPaintLoader, authPageHtml, mainScriptOf, renderAuthPage } from './prerender-auth.mjs';

describe('the prerendered /auth page (scripts/prerender-auth.mjs)', () => {
  it('renders the sign-in screen in Hebrew, inert, with the styles it needs', async () => {
    const page = await renderAuthPage();
    expect(page.body).toMatch(
      /^<div id="prerendered-screen" data-path="\/auth" dir="rtl" inert aria-hidden="true"><main /u,
    );
    expect(page.body).toContain('ברוכים הבאים ליומן');
    expect(page.body).toContain('aria-label="התחברות"');
    // styled-components' rules of the screen and the overlay's own.
    expect(page.styles).toContain('data-styled');
    expect(page.styles).toMatch(/#prerendered-screen\{position:absolute;[^}]*background:#0B0F17\}/u);
    // Ids of its own, so they cannot collide with the live screen's.
    expect(page.body).not.toMatch(/id="_R_/u);
  });

  it('puts the styles at the end of <head>, the screen right after the empty #root, and main.js behind the loader', () => {
    const index =
      '<html><head><title>יומן</title></head><body><div id="root"></div><script defer src="/main.0123abcd.js"></script></body></html>';
    const html = authPageHtml(
      index,
      { styles: '<style>.a{}</style>', body: '<div id="p">x</div>' },
      '@font-face{}',
      '/auth-start.89abcdef.js',
    );
    expect(html).toBe(
      '<html><head><title>יומן</title><style>@font-face{}</style><style>.a{}</style></head>' +
        '<body><div id="root"></div><div id="p">x</div><script defer src="/auth-start.89abcdef.js"></script></body></html>',
    );
    expect(mainScriptOf(index)).toBe('/main.0123abcd.js');
  });

  it('refuses an index.html it cannot place the screen in', () => {
    const page = { styles: '', body: '' };
    expect(() =>
      authPageHtml('<html><head></head><body><div id="root">x</div></body></html>', page, '', '/l.js'),
    ).toThrow(/#root/u);
    expect(() =>
      authPageHtml('<html><head></head><body><div id="root"></div></body></html>', page, '', '/l.js'),
    ).toThrow(/main\.js/u);
  });

  it('starts the shell a frame after the first paint: the preloads first, then main.js', () => {
    const dom = new JSDOM('<html><head></head><body></body></html>', { runScripts: 'outside-only' });
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    dom.window.requestAnimationFrame = (callback: () => void) => frames.push(callback);
    dom.window.setTimeout = ((callback: () => void) => timers.push(callback)) as never;
    dom.window.eval(afterPaintLoader('/main.0123abcd.js', ['/bootstrap.1.js', '/auth-screen.2.js']));
    const scripts = () => [...dom.window.document.querySelectorAll('script')].map((script) => script.src);
    const preloads = () =>
      [...dom.window.document.querySelectorAll('link[rel="preload"][as="script"]')].map((link) =>
        link.getAttribute('href'),
      );
    expect([scripts(), preloads()]).toEqual([[], []]);
    for (const frame of frames) frame();
    expect([scripts(), preloads()]).toEqual([[], []]);
    for (const timer of timers) timer();
    expect(preloads()).toEqual(['/bootstrap.1.js', '/auth-screen.2.js']);
    expect(scripts()).toEqual(['/main.0123abcd.js']);
  });
});
