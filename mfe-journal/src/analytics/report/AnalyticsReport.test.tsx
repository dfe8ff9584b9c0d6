// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { renderToBuffer } from '@react-pdf/renderer';
import { describe, expect, it } from 'vitest';
import { figureRuns } from '../../screen/FigureText';
import { analyticsFixture } from '../analytics-fixture';
import { AnalyticsReport } from './AnalyticsReport';
import { registerReportFonts } from './report-fonts';
import { reportFileName, reportTexts } from './report-texts';
import { pdfText } from './testing/pdf-text';

const font = (name: string) =>
  fileURLToPath(new URL(`../../../../node_modules/@fontsource/heebo/files/${name}`, import.meta.url));

/** The PDF's text in logical reading order, as a reader of the Hebrew page reads it. */
async function reportText(): Promise<string> {
  registerReportFonts({
    hebrew: font('heebo-hebrew-400-normal.woff'),
    hebrewBold: font('heebo-hebrew-700-normal.woff'),
    latin: font('heebo-latin-400-normal.woff'),
    latinBold: font('heebo-latin-700-normal.woff'),
  });
  const texts = reportTexts(analyticsFixture, new Date('2026-11-25T10:00:00Z'));
  const buffer = await renderToBuffer(AnalyticsReport({ analytics: analyticsFixture, ...texts }));
  expect(buffer.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(new Uint8Array(buffer));
}

describe('the analytics PDF report', () => {
  it('holds the Hebrew headings in logical reading order, and the figures of the API', async () => {
    const text = await reportText();
    const headings = [
      'דוח ניתוחים',
      'מדדים מרכזיים',
      'תוצאה מצטברת לאורך זמן',
      'התפלגות התוצאות',
      'פילוח',
      'זמנים',
      'תובנות',
    ];
    const positions = headings.map((heading) => text.indexOf(heading));
    expect(positions, text).not.toContain(-1);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);

    expect(text).toContain('תקופה');
    expect(text).toContain('01.10.2026 – 31.10.2026');
    for (const figure of [
      '58.3%',
      '+0.42R',
      '+5.04R',
      '16.7%',
      '+0.81R',
      '-0.13R',
      '10:00-12:00',
      '+1.25R',
      'EURUSD',
      '1:35',
    ]) {
      expect(text).toContain(figure);
    }
    for (const label of ['אחוז הצלחה', 'לונדון', 'פולבק', 'סשן לונדון הוא החזק ביותר השבוע']) {
      expect(text).toContain(label);
    }
  });

  it('reads each R range in logical order, every R value whole (not "R עד -2R 1-")', async () => {
    const text = await reportText();
    const escaped = (run: string) => run.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    for (const { range } of analyticsFixture.rDistribution) {
      const runs = figureRuns(range).map((run) => run.trim());
      expect(runs.length, range).toBeGreaterThan(1);
      expect(text, range).toMatch(new RegExp(runs.map(escaped).join('\\s*')));
    }
  });

  it('names the file after the period', () => {
    expect(reportFileName(analyticsFixture)).toBe('yoman-analytics-2026-10-01-2026-10-31.pdf');
    expect(reportFileName({ ...analyticsFixture, period: { from: null, to: null } })).toBe(
      'yoman-analytics-all-time.pdf',
    );
  });
});
