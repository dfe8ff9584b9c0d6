import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import {
  afterPaintLoader,
  authPageHtml,
  FIRST_PAINT_WAIT_MS,
  mainScriptOf,
  PRELOADS_PER_TASK,
  renderAuthPage,
} from './prerender-auth.mjs';

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

  /** A page that runs the loader with its timers, frames and paint observers in the test's hands. */
  function loaderPage(options: { paintTiming: boolean; warmIntl?: boolean; preloads?: string[] }) {
    const dom = new JSDOM('<html><head></head><body></body></html>', { runScripts: 'outside-only' });
    const intlMade: string[] = [];
    const recording = (kind: string) =>
      function made(this: unknown, ...args: unknown[]) {
        intlMade.push(`${kind} ${JSON.stringify(args)}`);
        return { format: () => '', resolvedOptions: () => ({}) };
      };
    (dom.window as unknown as { Intl: unknown }).Intl = {
      DateTimeFormat: recording('DateTimeFormat'),
      NumberFormat: recording('NumberFormat'),
    };
    const frames: (() => void)[] = [];
    const timers: { callback: () => void; delay: number }[] = [];
    const observers: { callback: (list: unknown) => void; disconnected: boolean }[] = [];
    dom.window.requestAnimationFrame = (callback: () => void) => frames.push(callback);
    dom.window.setTimeout = ((callback: () => void, delay = 0) => timers.push({ callback, delay })) as never;
    class FakeObserver {
      static supportedEntryTypes = options.paintTiming ? ['paint', 'resource'] : ['resource'];
      record: { callback: (list: unknown) => void; disconnected: boolean };
      constructor(callback: (list: unknown) => void) {
        this.record = { callback, disconnected: false };
        observers.push(this.record);
      }
      observe(init: unknown) {
        expect(init).toEqual({ type: 'paint', buffered: true });
      }
      disconnect() {
        this.record.disconnected = true;
      }
    }
    (dom.window as unknown as { PerformanceObserver: unknown }).PerformanceObserver = FakeObserver;
    dom.window.eval(
      afterPaintLoader('/main.0123abcd.js', options.preloads ?? ['/bootstrap.1.js', '/auth-screen.2.js'], {
        warmIntl: options.warmIntl,
      }),
    );
    const started = () => ({
      scripts: [...dom.window.document.querySelectorAll('script')].map((script) => script.src),
      preloads: [...dom.window.document.querySelectorAll('link[rel="preload"][as="script"]')].map((link) =>
        link.getAttribute('href'),
      ),
    });
    const report = (...names: string[]) => {
      for (const observer of observers.filter((each) => !each.disconnected))
        observer.callback({ getEntries: () => names.map((name) => ({ name, entryType: 'paint' })) });
    };
    /** Runs the timers set so far with `delay` (and forgets them). */
    const runTimers = (delay: number) => {
      const due = timers.filter((timer) => timer.delay === delay);
      timers.splice(0, timers.length, ...timers.filter((timer) => timer.delay !== delay));
      for (const timer of due) timer.callback();
    };
    return { frames, timers, started, report, runTimers, intlMade };
  }

  const NOTHING = { scripts: [], preloads: [] };
  const EVERYTHING = { scripts: ['/main.0123abcd.js'], preloads: ['/bootstrap.1.js', '/auth-screen.2.js'] };

  it('starts the shell in the task after the first contentful paint is reported: main.js, and the scripts it will ask for preloaded', () => {
    const page = loaderPage({ paintTiming: true });
    for (const frame of page.frames) frame();
    page.report('first-paint');
    page.runTimers(0);
    expect(page.started()).toEqual(NOTHING);
    page.report('first-contentful-paint');
    expect(page.started()).toEqual(NOTHING);
    page.runTimers(0);
    expect(page.started()).toEqual(EVERYTHING);
    // The fallback that was waiting adds nothing twice.
    page.runTimers(FIRST_PAINT_WAIT_MS);
    expect(page.started()).toEqual(EVERYTHING);
  });

  it('adds main.js first and then the preloads a few a task, each once, so that no one task sets up every request', () => {
    const preloads = Array.from({ length: 2 * PRELOADS_PER_TASK + 2 }, (_, index) => `/chunk.${index}.js`);
    const page = loaderPage({ paintTiming: true, preloads });
    page.report('first-contentful-paint');
    page.runTimers(0);
    expect(page.started()).toEqual({
      scripts: ['/main.0123abcd.js'],
      preloads: preloads.slice(0, PRELOADS_PER_TASK),
    });
    page.runTimers(0);
    expect(page.started().preloads).toEqual(preloads.slice(0, 2 * PRELOADS_PER_TASK));
    page.runTimers(0);
    expect(page.started().preloads).toEqual(preloads);
    page.runTimers(0);
    page.runTimers(FIRST_PAINT_WAIT_MS);
    expect(page.started()).toEqual({ scripts: ['/main.0123abcd.js'], preloads });
  });

  it("with warmIntl, starts ICU as it runs (a shekel amount, New York's hour, the browser's locale); without, makes no Intl object", () => {
    const warmed = loaderPage({ paintTiming: true, warmIntl: true });
    expect(warmed.started()).toEqual(NOTHING);
    expect(warmed.intlMade).toEqual([
      'DateTimeFormat []',
      'NumberFormat ["he-IL",{"style":"currency","currency":"ILS"}]',
      'DateTimeFormat ["he-IL",{"timeZone":"America/New_York","hour":"numeric"}]',
    ]);
    const plain = loaderPage({ paintTiming: true });
    plain.report('first-contentful-paint');
    plain.runTimers(0);
    expect(plain.started()).toEqual(EVERYTHING);
    expect(plain.intlMade).toEqual([]);
  });

  it('starts the shell anyway when no paint is reported in time (a tab opened in the background)', () => {
    const page = loaderPage({ paintTiming: true });
    page.runTimers(0);
    expect(page.started()).toEqual(NOTHING);
    page.runTimers(FIRST_PAINT_WAIT_MS);
    expect(page.started()).toEqual(EVERYTHING);
  });

  it('starts the shell a frame after the first one in a browser without paint timing', () => {
    const page = loaderPage({ paintTiming: false });
    page.runTimers(0);
    expect(page.started()).toEqual(NOTHING);
    for (const frame of page.frames) frame();
    expect(page.started()).toEqual(NOTHING);
    page.runTimers(0);
    expect(page.started()).toEqual(EVERYTHING);
  });
});
