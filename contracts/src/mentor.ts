import { z } from 'zod';
import { MENTOR_ALERT_TYPES, STUDENT_STATUSES } from './constants';
import { Count, EntityId, Timestamp } from './fields';

const SessionAverage = z.object({ avgR: z.number(), trades: Count });

export const MentorAlert = z.object({
  id: z.string(),
  type: z.enum(MENTOR_ALERT_TYPES),
  message: z.string(),
  timestamp: Timestamp,
  actionUrl: z.string().optional(),
});
export type MentorAlert = z.infer<typeof MentorAlert>;

/** GET /api/mentor/overview (spec §3 "Mentor overview response"). */
export const MentorOverview = z.object({
  kpis: z.object({
    activeStudents: Count,
    totalTrades: Count,
    avgTrustScore: z.number().min(0).max(100),
    lateSubmissions: Count,
    noScreenshotSubmissions: Count,
    lowTrustPercentage: z.number().min(0).max(100),
  }),
  heatmapData: z.object({
    dailyAvgR: z.number(),
    /** Percent change of average daily R against the previous week. */
    weeklyChange: z.number(),
    sessionBreakdown: z.object({ asia: SessionAverage, london: SessionAverage, newYork: SessionAverage }),
  }),
  alerts: z.array(MentorAlert),
  pendingTasks: z.object({
    reviewQueue: Count,
    flaggedTrades: Count,
    expiredSeasons: Count,
    pendingReports: Count,
  }),
});
export type MentorOverview = z.infer<typeof MentorOverview>;

export const StudentStatus = z.enum(STUDENT_STATUSES);
export type StudentStatus = z.infer<typeof StudentStatus>;

export const MentorStudent = z.object({
  id: EntityId,
  displayName: z.string(),
  email: z.string(),
  status: StudentStatus,
  cohort: z.string().optional(),
  trustScore: z.number().min(0).max(100),
  totalTrades: Count,
  avgR: z.number(),
  /** Flags in the last 30 days; above 0 puts the student under the "flagged" filter. */
  recentFlags: Count,
});
export type MentorStudent = z.infer<typeof MentorStudent>;

/** GET /api/mentor/students (spec §3 "Mentor students response"). */
export const MentorStudents = z.object({
  students: z.array(MentorStudent),
  stats: z.object({
    totalStudents: Count,
    activeStudents: Count,
    avgTrustScore: z.number().min(0).max(100),
    flaggedStudents: Count,
  }),
});
export type MentorStudents = z.infer<typeof MentorStudents>;
