import { randomUUID } from 'node:crypto';
import type { Platform } from '@yoman/platform';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { type DemoClock, type HistoryCounts, playDemoHistory } from './demo-history';
import {
  createDemoMentor,
  type DemoPerson,
  demoExists,
  demoStudentsOf,
  enrolDemoStudent,
  studentProfileOf,
} from './demo-people';
import { demoRandom } from './demo-random';
import { planStudentTrades } from './demo-trade-plan';

export interface DemoOptions {
  students: number;
  months: number;
  /** The one password of every demo login. */
  password: string;
  /** The history ends here (now, for `npm run demo`). */
  end: Date;
  seed: number;
}

export interface DemoReport {
  organisationId: string;
  mentor: DemoPerson;
  students: DemoPerson[];
  counts: HistoryCounts;
  lockedTrades: number;
}

/**
 * Creates the demo organisation (a mentor and students) and plays their months of trades through the API
 * with `clock` moving from the history's start to `options.end`; answers undefined when it exists already.
 */
export async function seedDemo(
  app: FastifyInstance,
  platform: Platform,
  clock: DemoClock,
  options: DemoOptions,
): Promise<DemoReport | undefined> {
  if (await demoExists(platform)) return undefined;
  const start = DateTime.fromJSDate(options.end, { zone: 'UTC' }).minus({ months: options.months });
  // The accounts were opened a week before the first trade.
  clock.set(start.minus({ weeks: 1 }).toJSDate());
  const mentor = await createDemoMentor(platform, options.password);
  const random = demoRandom(options.seed);
  const students: DemoPerson[] = [];
  const trades = [];
  for (const [index, person] of demoStudentsOf(options.students).entries()) {
    const profile = studentProfileOf(random);
    students.push(
      await enrolDemoStudent(platform, person, options.password, mentor.organisationId, randomUUID()),
    );
    trades.push(...planStudentTrades(random, index, profile, start.toJSDate(), options.end));
  }
  const counts = await playDemoHistory(app, platform, clock, students, options.password, trades, options.end);
  const [locked] = await platform
    .db('trades')
    .whereIn(
      'user_id',
      students.map((student) => student.userId),
    )
    .andWhere({ is_locked: true })
    .count<{ count: string | number }[]>({ count: '*' });
  const { organisationId, ...mentorLogin } = mentor;
  return {
    organisationId,
    mentor: mentorLogin,
    students,
    counts,
    lockedTrades: Number(locked?.count ?? 0),
  };
}
