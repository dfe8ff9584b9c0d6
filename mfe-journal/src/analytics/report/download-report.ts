import hebrew from '@fontsource/heebo/files/heebo-hebrew-400-normal.woff';
import hebrewBold from '@fontsource/heebo/files/heebo-hebrew-700-normal.woff';
import latin from '@fontsource/heebo/files/heebo-latin-400-normal.woff';
import latinBold from '@fontsource/heebo/files/heebo-latin-700-normal.woff';
import { pdf } from '@react-pdf/renderer';
import type { Analytics } from '@yoman/contracts';
import { AnalyticsReport } from './AnalyticsReport';
import { registerReportFonts } from './report-fonts';
import { reportFileName, reportTexts } from './report-texts';

// The browser side of the PDF report: this module, @react-pdf/renderer and the fonts are one chunk that
// loads on the first click of the report button, never with the analytics screen itself.

/** Builds the PDF of `analytics` and hands it to the browser as a download. */
export async function downloadAnalyticsReport(analytics: Analytics, now: Date): Promise<void> {
  registerReportFonts({ hebrew, hebrewBold, latin, latinBold });
  const texts = reportTexts(analytics, now);
  // Called as a function: its result is the <Document> element that pdf() expects.
  const blob = await pdf(AnalyticsReport({ analytics, ...texts })).toBlob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(analytics);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
