import { Font } from '@react-pdf/renderer';

/** Heebo's Hebrew face first; Latin letters and digits fall back to its Latin face. */
export const REPORT_FONT_FAMILY = ['HeeboHebrew', 'HeeboLatin'];

export type ReportFontFiles = { hebrew: string; hebrewBold: string; latin: string; latinBold: string };

let registered = false;

/** Registers the report's fonts once, from URLs (the browser) or file paths (Node, tests). */
export function registerReportFonts(files: ReportFontFiles): void {
  if (registered) return;
  Font.register({
    family: 'HeeboHebrew',
    fonts: [{ src: files.hebrew }, { src: files.hebrewBold, fontWeight: 700 }],
  });
  Font.register({
    family: 'HeeboLatin',
    fonts: [{ src: files.latin }, { src: files.latinBold, fontWeight: 700 }],
  });
  // Hebrew words must not be hyphenated by the English rules.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
