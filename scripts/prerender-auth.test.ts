import { describe, expect, it } from 'vitest';
import { authPageHtml, renderAuthPage } from './prerender-auth.mjs';

describe('the prerendered /auth page (scripts/prerender-auth.mjs)', () => {
  it('renders the sign-in screen in Hebrew, inert, with the styles it needs', async () => {
    const page = await renderAuthPage();
    expect(page.body).toMatch(/^<div id="prerendered-screen" inert aria-hidden="true"><main /u);
    expect(page.body).toContain('ברוכים הבאים ליומן');
    expect(page.body).toContain('aria-label="התחברות"');
    // styled-components' rules of the screen and the overlay's own.
    expect(page.styles).toContain('data-styled');
    expect(page.styles).toMatch(/#prerendered-screen\{position:absolute;[^}]*background:#0B0F17\}/u);
    // Ids of its own, so they cannot collide with the live screen's.
    expect(page.body).not.toMatch(/id="_R_/u);
  });

  it('puts the styles at the end of <head> and the screen right after the empty #root', () => {
    const index =
      '<html><head><title>יומן</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>';
    const html = authPageHtml(
      index,
      { styles: '<style>.a{}</style>', body: '<div id="p">x</div>' },
      '@font-face{}',
    );
    expect(html).toBe(
      '<html><head><title>יומן</title><style>@font-face{}</style><style>.a{}</style></head>' +
        '<body><div id="root"></div><div id="p">x</div><script defer src="/main.js"></script></body></html>',
    );
  });

  it('refuses an index.html it cannot place the screen in', () => {
    expect(() =>
      authPageHtml('<html><body><div id="root">x</div></body></html>', { styles: '', body: '' }, ''),
    ).toThrow(/#root/u);
  });
});
