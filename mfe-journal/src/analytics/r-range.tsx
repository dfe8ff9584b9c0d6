import { Num } from '@yoman/ui';
import { Fragment } from 'react';

/** An R value inside a bucket's range: '-2R', '3R', '0.5R'. */
const R_VALUE = /([-+\u2212]?\d+(?:\.\d+)?R)/;
const isRValue = (run: string) => new RegExp(`^${R_VALUE.source}$`).test(run);

/**
 * A bucket's range ('-2R עד -1R', 'פחות מ־-2R') as its runs in reading order: the R values and the words
 * between them, spaces kept ('פחות מ־' joins its number without one).
 */
export const rangeRuns = (range: string) => range.split(R_VALUE).filter((run) => run !== '');

/** A bucket's range with each R value an isolated number, so '-2R עד -1R' never shows as '2R- עד -1R'. */
export function RRangeText({ range }: { range: string }) {
  return (
    <>
      {rangeRuns(range).map((run, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are positional.
        <Fragment key={i}>{isRValue(run) ? <Num>{run}</Num> : run}</Fragment>
      ))}
    </>
  );
}
