import { Num } from '@yoman/ui';
import { Fragment } from 'react';

/** A figure inside a Hebrew sentence: '-0.20', '+1.25R', '52.9%', '10:00-12:00', '-2R'. */
const FIGURE = /([-+\u2212]?\d+(?:[.,:]\d+)*(?:[-\u2013]\d+(?:[.,:]\d+)*)?[%R]?)/;
const isFigure = (run: string) => new RegExp(`^${FIGURE.source}$`).test(run);

/**
 * A sentence as its runs in reading order: each figure and the words between them, spaces kept
 * ('פחות מ־-2R' gives 'פחות מ־' and '-2R').
 */
export const figureRuns = (text: string) => text.split(FIGURE).filter((run) => run !== '');

/**
 * A server's Hebrew sentence with each figure isolated left to right, so a leading minus stays before its
 * digits: 'ממוצע -0.20' never shows as 'ממוצע 0.20-', nor '-2R עד -1R' as '2R- עד -1R'.
 */
export function FigureText({ text }: { text: string }) {
  return (
    <>
      {figureRuns(text).map((run, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional.
        <Fragment key={i}>{isFigure(run) ? <Num>{run}</Num> : run}</Fragment>
      ))}
    </>
  );
}
