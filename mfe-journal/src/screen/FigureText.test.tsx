import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FigureText, figureRuns } from './FigureText';

afterEach(cleanup);

const isolatedRuns = (text: string) => {
  const { container } = render(<FigureText text={text} />);
  expect(container.textContent).toBe(text);
  return [...container.querySelectorAll('bdi[dir="ltr"]')].map((run) => run.textContent);
};

describe('figures inside a Hebrew sentence', () => {
  it('splits a sentence into its figures and the words between them, spaces kept', () => {
    expect(figureRuns('פחות מ־-2R')).toEqual(['פחות מ־', '-2R']);
    expect(figureRuns('-2R עד -1R')).toEqual(['-2R', ' עד ', '-1R']);
    expect(figureRuns('3R ומעלה')).toEqual(['3R', ' ומעלה']);
  });

  it('isolates signed R values, percentages, decimals and time ranges whole', () => {
    expect(isolatedRuns('לשפר את המסחר בסשן אסיה (R ממוצע -0.20)')).toEqual(['-0.20']);
    expect(isolatedRuns('לכבד את הסטופ: ההפסד הממוצע הוא -1.20R')).toEqual(['-1.20R']);
    expect(isolatedRuns('לצרף צילום מסך לכל עסקה (כרגע 52.9% מהעסקאות)')).toEqual(['52.9%']);
    expect(isolatedRuns('שעות הזהב 10:00-12:00')).toEqual(['10:00-12:00']);
    expect(isolatedRuns('אין עסקאות בשבוע')).toEqual([]);
  });
});
