import { describe, expect, it } from 'vitest';
import { MentorOverview, MentorStudents } from './mentor';

const overview = {
  kpis: {
    activeStudents: 12,
    totalTrades: 340,
    avgTrustScore: 86.5,
    lateSubmissions: 7,
    noScreenshotSubmissions: 15,
    lowTrustPercentage: 8.3,
  },
  heatmapData: {
    dailyAvgR: 0.42,
    weeklyChange: -3.5,
    sessionBreakdown: {
      asia: { avgR: 0.1, trades: 40 },
      london: { avgR: 0.6, trades: 150 },
      newYork: { avgR: 0.3, trades: 150 },
    },
  },
  alerts: [
    {
      id: 'a1',
      type: 'warning',
      message: 'יוסי רשם 3 עסקאות באיחור',
      timestamp: '2026-03-05T10:00:00.000Z',
      actionUrl: '/mentor/students/x',
    },
    { id: 'a2', type: 'info', message: 'עונה חדשה מתחילה בשבוע הבא', timestamp: '2026-03-05T11:00:00.000Z' },
  ],
  pendingTasks: { reviewQueue: 4, flaggedTrades: 2, expiredSeasons: 0, pendingReports: 1 },
};

describe('mentor overview', () => {
  it('accepts the spec §3 shape, actionUrl optional', () => {
    expect(MentorOverview.parse(overview)).toEqual(overview);
  });

  it('refuses an unknown alert type and a missing pending-task count', () => {
    const badAlert = { ...overview, alerts: [{ ...overview.alerts[1], type: 'party' }] };
    expect(MentorOverview.safeParse(badAlert).success).toBe(false);
    const { pendingReports: _pending, ...tasks } = overview.pendingTasks;
    expect(MentorOverview.safeParse({ ...overview, pendingTasks: tasks }).success).toBe(false);
  });
});

describe('mentor students', () => {
  const students = {
    students: [
      {
        id: 'c4e2a1b0-5d6f-4a7b-8c9d-0e1f2a3b4c5d',
        displayName: 'דנה לוי',
        email: 'dana@example.com',
        status: 'active',
        cohort: 'מחזור מרץ',
        trustScore: 91,
        totalTrades: 48,
        avgR: 0.37,
        recentFlags: 0,
      },
    ],
    stats: { totalStudents: 1, activeStudents: 1, avgTrustScore: 91, flaggedStudents: 0 },
  };

  it('accepts the spec §3 shape, cohort optional', () => {
    expect(MentorStudents.parse(students)).toEqual(students);
    const { cohort: _cohort, ...withoutCohort } = students.students[0];
    expect(MentorStudents.safeParse({ ...students, students: [withoutCohort] }).success).toBe(true);
  });

  it('refuses an unknown status', () => {
    const banned = { ...students, students: [{ ...students.students[0], status: 'banned' }] };
    expect(MentorStudents.safeParse(banned).success).toBe(false);
  });
});
