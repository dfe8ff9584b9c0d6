import type { Analytics } from '@yoman/contracts';
import { DateTime } from 'luxon';
import { heDateOfIsoDay } from '../../date-time/he-date-time';
import { heAnalytics as a } from '../../i18n-analytics';

/** The report's period (dd.MM.yyyy – dd.MM.yyyy, or all time) and when it was made (Israel time). */
export function reportTexts(analytics: Analytics, now: Date): { periodText: string; createdText: string } {
  const { from, to } = analytics.period;
  const periodText =
    from || to ? `${from ? heDateOfIsoDay(from) : '…'} – ${to ? heDateOfIsoDay(to) : '…'}` : a.allTime;
  const createdText = DateTime.fromJSDate(now, { zone: 'Asia/Jerusalem' }).toFormat('dd.MM.yyyy HH:mm');
  return { periodText, createdText };
}

/** 'yoman-analytics-2026-03-01-2026-03-31.pdf', or '…-all-time.pdf'. */
export function reportFileName(analytics: Analytics): string {
  const { from, to } = analytics.period;
  const span = from || to ? `${from ?? 'start'}-${to ?? 'today'}` : 'all-time';
  return `yoman-analytics-${span}.pdf`;
}
