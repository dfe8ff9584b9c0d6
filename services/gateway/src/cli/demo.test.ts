import { testConfig } from '@yoman/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, type Gateway } from '../gateway';
import { DEMO_PASSWORD, demoOptionsOf, demoSummaryOf } from './demo';
import { movableClock } from './demo/demo-history';
import { type DemoOptions, type DemoReport, seedDemo } from './demo/seed-demo';

const END = new Date('2026-06-15T12:00:00.000Z');
const options: DemoOptions = { students: 2, months: 1, password: DEMO_PASSWORD, seed: 7, end: END };

let gateway: Gateway;
let report: DemoReport;
const clock = movableClock(END);

beforeAll(async () => {
  gateway = await buildGateway(testConfig(), { clock, background: false });
  const seeded = await seedDemo(gateway.app, gateway.platform, clock, options);
  if (!seeded) throw new Error('the demo was not created on an empty installation');
  report = seeded;
}, 120_000);

afterAll(() => gateway?.close());

async function signIn(email: string) {
  const response = await gateway.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = String(response.headers['set-cookie']).split(';')[0] as string;
  return { user: response.json() as { role: string }, cookie };
}

describe('npm run demo on an empty installation', () => {
  it('creates a mentor and the students in one organisation, all able to sign in', async () => {
    const mentor = await signIn(report.mentor.email);
    expect(mentor.user.role).toBe('mentor');
    for (const student of report.students) {
      expect((await signIn(student.email)).user.role).toBe('student');
    }
    const organisations = await gateway.platform
      .db('users')
      .whereIn('email', [report.mentor.email, ...report.students.map((student) => student.email)])
      .distinct('organisation_id');
    expect(organisations).toEqual([{ organisation_id: report.organisationId }]);
  });

  it('gives each student a month of trades in the calendar through the real read models', async () => {
    for (const student of report.students) {
      const { cookie } = await signIn(student.email);
      const days = await gateway.app.inject({
        url: '/api/daily-aggregates?year=2026&month=6',
        headers: { cookie },
      });
      const previous = await gateway.app.inject({
        url: '/api/daily-aggregates?year=2026&month=5',
        headers: { cookie },
      });
      expect(days.statusCode).toBe(200);
      expect([...days.json(), ...previous.json()].length).toBeGreaterThan(3);
    }
  });

  it('locks trades past their window through the lock job, and keeps the last day open', async () => {
    expect(report.counts.logged).toBeGreaterThan(10);
    expect(report.counts.locksRun).toBeGreaterThan(0);
    expect(report.lockedTrades).toBeGreaterThan(report.counts.logged / 2);
    expect(report.lockedTrades).toBeLessThan(report.counts.logged);
    const [{ count }] = await gateway.platform
      .db('trades')
      .where('lock_at', '>', END)
      .andWhere({ is_locked: false })
      .count<{ count: string }[]>({ count: '*' });
    expect(Number(count)).toBeGreaterThan(0);
  });

  it('records late logging, missing screenshots and edits as trust changes', async () => {
    const reasons = await gateway.platform
      .db('events')
      .where({ type: 'trade.trust-changed.v1' })
      .select('data');
    const seen = new Set(reasons.map((row: { data: { reason: string } }) => row.data.reason));
    expect(seen).toContain('no_screenshot_at_lock');
    expect([...seen].some((reason) => reason.startsWith('late'))).toBe(true);
    expect(report.counts.edited).toBeGreaterThan(0);
    expect(report.counts.withScreenshot).toBeGreaterThan(0);
  });

  it('gives each student three or four library setups, named on their trades, with figures from them', async () => {
    expect(report.counts.setups).toBe(7);
    expect(report.counts.withLibrarySetup).toBeGreaterThan(0);
    for (const [index, student] of report.students.entries()) {
      const { cookie } = await signIn(student.email);
      const setups = (await gateway.app.inject({ url: '/api/setups', headers: { cookie } })).json();
      expect(setups).toHaveLength(3 + (index % 2));
      const sampled = setups.reduce(
        (sum: number, setup: { sampleSize: number }) => sum + setup.sampleSize,
        0,
      );
      expect(sampled).toBeGreaterThan(0);
      const dashboard = await gateway.app.inject({ url: '/api/dashboard-stats', headers: { cookie } });
      expect(dashboard.statusCode, dashboard.body).toBe(200);
      const analytics = await gateway.app.inject({ url: '/api/analytics', headers: { cookie } });
      expect(analytics.json().setupBreakdown.some((row: { isLibrary: boolean }) => row.isLibrary)).toBe(true);
    }
  });

  it('refuses to create the demo a second time and changes nothing', async () => {
    const before = await gateway.platform.eventStore.headPosition();
    expect(await seedDemo(gateway.app, gateway.platform, clock, options)).toBeUndefined();
    expect(await gateway.platform.eventStore.headPosition()).toBe(before);
  });

  it('prints every login with the shared password', () => {
    const summary = demoSummaryOf(report, options, 12.5);
    expect(summary).toContain(DEMO_PASSWORD);
    expect(summary).toContain('12.5 s');
    for (const person of [report.mentor, ...report.students]) expect(summary).toContain(person.email);
  });
});

describe('demo command line', () => {
  it('reads sizes and refuses what it cannot use', () => {
    const now = new Date();
    expect(demoOptionsOf([], now)).toMatchObject({ students: 12, months: 6, password: DEMO_PASSWORD });
    expect(demoOptionsOf(['--students', '2', '--months', '1'], now)).toMatchObject({
      students: 2,
      months: 1,
    });
    expect(demoOptionsOf(['--students', '0'], now)).toBeUndefined();
    expect(demoOptionsOf(['--months', 'six'], now)).toBeUndefined();
    expect(demoOptionsOf(['--password', 'short'], now)).toBeUndefined();
    expect(demoOptionsOf(['--colour', 'blue'], now)).toBeUndefined();
  });
});
