import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// A PDF's text in logical reading order, read by PDF.js (pure JavaScript, so `npm test` needs no system
// PDF tools). PDF.js gives each run of text in logical order with its direction and place; this lays a page's
// runs into lines by their baseline and reads every line right to left, as a Hebrew page is read, keeping
// each stretch of adjacent left-to-right runs (a figure such as "-2R", a date range) left to right.

/** Runs further apart than this (in points) are separate cells of a line, never one figure. */
const CELL_GAP = 6;
/** Runs whose baselines differ by less than this (in points) are on one line. */
const SAME_LINE = 2;

interface Run {
  text: string;
  rtl: boolean;
  left: number;
  right: number;
  baseline: number;
}

export async function pdfText(data: Uint8Array): Promise<string> {
  const document = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const runs: Run[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const left = item.transform[4] as number;
      runs.push({
        text: item.str.trim(),
        rtl: item.dir === 'rtl',
        left,
        right: left + item.width,
        baseline: item.transform[5] as number,
      });
    }
    pages.push(linesOf(runs).map(readLine).join('\n'));
  }
  await document.destroy();
  return pages.join('\n\f');
}

/** The page's runs grouped into lines, top to bottom. */
function linesOf(runs: readonly Run[]): Run[][] {
  const lines: Run[][] = [];
  for (const run of [...runs].sort((a, b) => b.baseline - a.baseline)) {
    const line = lines.at(-1);
    if (line && Math.abs((line[0] as Run).baseline - run.baseline) < SAME_LINE) line.push(run);
    else lines.push([run]);
  }
  return lines;
}

/** One line read right to left, each stretch of touching left-to-right runs kept left to right. */
function readLine(line: readonly Run[]): string {
  const fromRight = [...line].sort((a, b) => b.right - a.right);
  const words: string[] = [];
  let stretch: Run[] = [];
  const endStretch = () => {
    if (stretch.length === 0) return;
    const leftToRight = [...stretch].reverse();
    let text = (leftToRight[0] as Run).text;
    for (let index = 1; index < leftToRight.length; index += 1) {
      const previous = leftToRight[index - 1] as Run;
      const run = leftToRight[index] as Run;
      text += (run.left - previous.right > 1 ? ' ' : '') + run.text;
    }
    words.push(text);
    stretch = [];
  };
  for (const run of fromRight) {
    const last = stretch.at(-1);
    if (run.rtl || (last && last.left - run.right > CELL_GAP)) endStretch();
    if (run.rtl) words.push(run.text);
    else stretch.push(run);
  }
  endStretch();
  return words.join(' ');
}
