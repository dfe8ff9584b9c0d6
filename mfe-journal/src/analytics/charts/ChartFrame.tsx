import { Card, CardTitle } from '@yoman/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useNarrowScreen } from '../../calendar/use-narrow-screen';

export const CHART_WIDTH = 640;
/** About a phone card's inner width, so a chart's 11 px labels stay near 11 px rather than shrink by half. */
export const PHONE_CHART_WIDTH = 360;
export const CHART_HEIGHT = 260;
export const MARGIN = { top: 16, right: 16, bottom: 32, left: 48 } as const;

/** The width a chart draws its SVG at: narrower on a phone, where the card would scale a wide one down. */
export function useChartWidth(): number {
  return useNarrowScreen() ? PHONE_CHART_WIDTH : CHART_WIDTH;
}

/** The look of every chart axis: its line, ticks and tick labels in one muted colour. */
export const axisLook = (colour: string) => ({
  stroke: colour,
  tickStroke: colour,
  tickLabelProps: { fill: colour, fontSize: 11 },
});

const Plot = styled.div`
  /* The plot keeps its axes left to right like its numbers; the card around it is right to left. */
  /* @noflip */ direction: ltr;

  svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
  }
  text {
    font-family: inherit;
    font-variant-numeric: tabular-nums;
  }
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type ChartFrameProps = {
  id: string;
  title: string;
  /** What the chart shows in one sentence: the SVG's accessible name. */
  summary: string;
  /** The same figures as a table, for screen readers (visually hidden). */
  table: ReactNode;
  empty?: string;
  children: ReactNode;
};

/**
 * A chart in a card: its title, the plot (an SVG named by a one-line summary) and a visually hidden table of
 * the same figures, so a screen reader gets every number the picture shows.
 */
export function ChartFrame({ id, title, summary, table, empty, children }: ChartFrameProps) {
  return (
    <Card as="figure" aria-labelledby={`${id}-title`} data-chart={id} style={{ margin: 0 }}>
      <CardTitle as="figcaption" id={`${id}-title`}>
        {title}
      </CardTitle>
      {empty ? (
        <Empty>{empty}</Empty>
      ) : (
        <>
          <Plot role="img" aria-label={summary}>
            {children}
          </Plot>
          <div className="visually-hidden">{table}</div>
        </>
      )}
    </Card>
  );
}

/** A small data table (for the visually hidden alternative): a caption, headers and rows of text. */
export function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
}) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered.
          <tr key={row}>
            {cells.map((cell, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
              <td key={column}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
