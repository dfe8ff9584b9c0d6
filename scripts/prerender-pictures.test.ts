import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_DISPLAY_SETTINGS,
  DEFAULT_INTEGRATION_SETTINGS,
  DEFAULT_LOCKING_POLICY,
  DEFAULT_SHARING_SETTINGS,
} from '@yoman/contracts/constants';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_STATS_FIXTURE } from '../mfe-journal/src/dashboard/dashboard-stats.fixture';
import { remotesManifestOf } from '../remotes.config.mjs';
import {
  blockingFontFaces,
  drawnPageHtml,
  fontUrlsOf,
  PICTURES_MODULE,
  writeDrawnPages,
  writePicturesModule,
} from './prerender-pictures.mjs';

const FONT_FACES =
  '@font-face{font-family:Heebo;font-display:swap;font-weight:700;src:url(/fonts/heebo-hebrew-700-normal.f7d8f81b.woff2) format("woff2"),url(/fonts/heebo-hebrew-700-normal.d1.woff) format("woff")}' +
  '@font-face{font-family:Heebo;font-display:swap;font-weight:700;src:url(/fonts/heebo-latin-700-normal.1b189a13.woff2) format("woff2")}';

interface Drawn {
  styles: string;
  body: string;
}
interface PicturesModule {
  paths: string[];
  answerUrlsOf(path: string): string[];
  render(input: unknown): Drawn | null;
}

const dist = mkdtempSync(join(tmpdir(), 'yoman-pictures-'));
const webRoot = join(dist, 'web');
let pictures: PicturesModule;

beforeAll(async () => {
  mkdirSync(webRoot, { recursive: true });
  writeFileSync(join(webRoot, 'bootstrap.0123abcd.css'), FONT_FACES);
  await writePicturesModule(dist, webRoot);
  pictures = createRequire(import.meta.url)(join(dist, PICTURES_MODULE));
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const remotes = remotesManifestOf(() => 'unused').remotes.map(({ entry: _entry, ...remote }) => remote);

function inputFor(role: 'student' | 'mentor', display: Partial<typeof DEFAULT_DISPLAY_SETTINGS> = {}) {
  return {
    path: '/calendar',
    user: {
      id: 'u1',
      username: 'dana',
      email: 'dana@example.com',
      displayName: 'דנה <b>כהן</b>',
      role,
      organisationId: null,
      profileImage: null,
    },
    settings: {
      profile: { displayName: 'דנה <b>כהן</b>', bio: '', publicProfile: false },
      security: { connectedDevices: [] },
      display: { ...DEFAULT_DISPLAY_SETTINGS, ...display },
      sharing: DEFAULT_SHARING_SETTINGS,
      integrations: DEFAULT_INTEGRATION_SETTINGS,
      lockingPolicy: DEFAULT_LOCKING_POLICY,
    },
    remotes,
  };
}

const textOf = (html: string) => html.replace(/<[^>]+>/gu, ' ').replace(/\s+/gu, ' ');

describe('the signed-in pages drawn per page load (scripts/prerender-pictures.mjs)', () => {
  it("draws the journal's calendar and dashboard; only the dashboard shows answers of its own", () => {
    expect(pictures.paths).toEqual(['/calendar', '/home']);
    expect(pictures.answerUrlsOf('/calendar')).toEqual([]);
    expect(pictures.answerUrlsOf('/home')).toEqual(['/api/dashboard-stats']);
    expect(pictures.answerUrlsOf('/trades')).toEqual([]);
    expect(pictures.render({ ...inputFor('student'), path: '/trades' })).toBeNull();
    expect(pictures.render({ ...inputFor('student'), path: 'toString' })).toBeNull();
  });

  it("draws the calendar in its loading state inside the layout, with the user's name, role and menu, inert", () => {
    const page = pictures.render(inputFor('student')) as Drawn;
    expect(page.body).toMatch(
      /^<div id="prerendered-screen" data-path="\/calendar" dir="rtl" inert aria-hidden="true">/u,
    );
    const text = textOf(page.body);
    // The name as text, never as markup.
    expect(page.body).toContain('דנה &lt;b&gt;כהן&lt;/b&gt;');
    expect(page.body).not.toContain('<b>');
    expect(text).toContain('תלמיד');
    for (const link of ['דף הבית', 'יומן', 'עסקאות', 'ניתוחים', 'סטאפים', 'התראות', 'הגדרות']) {
      expect(text).toContain(link);
    }
    expect(text).not.toContain('סקירה כללית');
    // The toolbar and legend are drawn; the days are the loading skeleton, before any figure.
    expect(text).toContain('היום');
    expect(text).toContain('כל הסשנים');
    expect(page.body).toContain('aria-busy="true"');
    // The live screen's ids and test ids are its own: the copy has none but its own id.
    expect(page.body.match(/ (?:id|data-testid)="/gu)).toEqual([' id="']);
  });

  it("draws the dashboard with the month's figures it was given, as its live self shows them", () => {
    const page = pictures.render({
      ...inputFor('student'),
      path: '/home',
      answers: { '/api/dashboard-stats': DASHBOARD_STATS_FIXTURE },
    }) as Drawn;
    expect(page.body).toMatch(/^<div id="prerendered-screen" data-path="\/home" dir="rtl" inert /u);
    const text = textOf(page.body);
    expect(text).toContain('לוח בקרה');
    expect(text).toContain('+4.25R');
    expect(text).toContain('פולבק');
    expect(text).toContain('כבד את הסטופ');
    expect(page.body).not.toContain('aria-busy="true"');
    expect(page.body.match(/ (?:id|data-testid)="/gu)).toEqual([' id="']);
  });

  it("heads the calendar with this month in the user's time zone", () => {
    for (const timezone of ['Asia/Jerusalem', 'America/New_York'] as const) {
      const page = pictures.render(inputFor('student', { timezone })) as Drawn;
      const month = DateTime.now().setZone(timezone).setLocale('he').toFormat('LLLL yyyy');
      expect(page.body).toMatch(new RegExp(`<h1[^>]*>${month}</h1>`, 'u'));
    }
  });

  it('draws the sidebar collapsed or open, as its cookie says', () => {
    expect(pictures.render(inputFor('student'))?.body).toContain('<aside data-collapsed="false"');
    const collapsed = pictures.render({ ...inputFor('student'), sidebarCollapsed: true });
    expect(collapsed?.body).toContain('<aside data-collapsed="true"');
  });

  it('draws no dashboard for a mentor, whom the shell sends from its URL to their own area', () => {
    expect(pictures.render({ ...inputFor('mentor'), path: '/home', answers: {} })).toBeNull();
  });

  it("draws a mentor's menu for a mentor", () => {
    const text = textOf((pictures.render(inputFor('mentor')) as Drawn).body);
    expect(text).toContain('מנטור');
    expect(text).not.toContain('סטאפים');
  });

  it('draws right to left unless the user turned it off', () => {
    const rtl = pictures.render(inputFor('student')) as Drawn;
    const ltr = pictures.render(inputFor('student', { rtlLayout: false })) as Drawn;
    expect(ltr.body).toMatch(/^<div id="prerendered-screen" data-path="\/calendar" dir="ltr" /u);
    // Styles are written left to right and mirrored for Hebrew (ui/src/rtl): only the right-to-left copy is mirrored.
    expect(rtl.styles).toMatch(/margin-right|padding-right|right:/u);
    expect(rtl.styles).not.toEqual(ltr.styles);
  });

  it("carries styled-components' rules, the overlay's and Heebo's, which the drawing waits for", () => {
    const { styles } = pictures.render(inputFor('student')) as Drawn;
    expect(styles).toContain('data-styled');
    expect(styles).toMatch(/#prerendered-screen\{position:absolute;/u);
    expect(styles).toContain('font-display:block');
    expect(styles).not.toContain('font-display:swap');
  });
});

describe('the page a drawn screen is sent in', () => {
  const page =
    '<html><head><link as="font" crossorigin href="/fonts/heebo-hebrew-700-normal.f7d8f81b.woff2" rel="preload" type="font/woff2">' +
    '<link rel="preload" as="script" href="/477.0b18de53.js">' +
    '<link rel="preload" as="fetch" href="/api/user" crossorigin="use-credentials">' +
    '<link rel="preload" as="script" href="/remotes/journal/remoteEntry.js" fetchpriority="low">' +
    '</head><body><div id="root"></div><script defer src="/main.0123abcd.js"></script></body></html>';

  it('preloads the answers the drawing shows, for its live screen to ask them at once', () => {
    expect(drawnPageHtml(page, '/home-start.89abcdef.js', [], ['/api/dashboard-stats'])).toContain(
      '<link rel="preload" as="fetch" href="/api/dashboard-stats" crossorigin="use-credentials"></head>',
    );
  });

  it('preloads every font the drawing waits for, keeps the API preloads, and starts the scripts from the loader', () => {
    expect(drawnPageHtml(page, '/calendar-start.89abcdef.js', fontUrlsOf(FONT_FACES))).toBe(
      '<html><head><link as="font" crossorigin href="/fonts/heebo-hebrew-700-normal.f7d8f81b.woff2" rel="preload" type="font/woff2">' +
        '<link rel="preload" as="fetch" href="/api/user" crossorigin="use-credentials">' +
        '<link as="font" crossorigin href="/fonts/heebo-latin-700-normal.1b189a13.woff2" rel="preload" type="font/woff2">' +
        '</head><body><div id="root"></div><script defer src="/calendar-start.89abcdef.js"></script></body></html>',
    );
  });

  it("writes the page beside the prefix's, with a content-hashed loader of the scripts it no longer preloads", () => {
    mkdirSync(join(webRoot, 'pages'), { recursive: true });
    writeFileSync(join(webRoot, 'pages', 'calendar.html'), page);
    writeDrawnPages(
      webRoot,
      { paths: ['/calendar'], answerUrlsOf: () => [] },
      { '/calendar': 'pages/calendar.html' },
    );
    const loader = readdirSync(webRoot).find((name) => /^calendar-start\.[0-9a-f]{8}\.js$/u.test(name));
    expect(loader).toBeDefined();
    const drawn = readFileSync(join(webRoot, 'pages', 'calendar.drawn.html'), 'utf8');
    expect(drawn).toContain(`<script defer src="/${loader}"></script>`);
    const script = readFileSync(join(webRoot, loader as string), 'utf8');
    expect(script).toContain('["/477.0b18de53.js","/remotes/journal/remoteEntry.js"]');
    expect(script).toContain('"/main.0123abcd.js"');
    expect(() => writeDrawnPages(webRoot, { paths: ['/trades'], answerUrlsOf: () => [] }, {})).toThrow(
      /\/trades/u,
    );
  });

  it('turns only the font rules it is given to blocking, and lists their woff2 files once', () => {
    expect(blockingFontFaces(FONT_FACES)).not.toContain('swap');
    expect(fontUrlsOf(FONT_FACES + FONT_FACES)).toEqual([
      '/fonts/heebo-hebrew-700-normal.f7d8f81b.woff2',
      '/fonts/heebo-latin-700-normal.1b189a13.woff2',
    ]);
  });
});
