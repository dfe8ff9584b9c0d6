import { WIN_RATE_GREEN_FROM } from '@yoman/contracts/constants';
import { type KpiTone, media, Skeleton } from '@yoman/ui';
import styled from 'styled-components';

/**
 * A row of KPI tiles: scrolled sideways on a phone, `$columns / 2` (rounded up) a row from `md`, all in one
 * row from `lg`.
 */
export const KpiTiles = styled.section<{ $columns: number }>`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(140px, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.space[1]};

  ${media.md} {
    grid-auto-flow: row;
    grid-template-columns: repeat(${({ $columns }) => Math.ceil($columns / 2)}, minmax(0, 1fr));
    overflow-x: visible;

    /* A tile keeps 140px only in the phone's scroller: here it takes its column, or seven would
       overflow the row (and overlap) on a 1280px screen beside the sidebar. */
    & > * {
      min-width: 0;
    }
  }
  ${media.lg} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`;

/** The same row of tiles while the figures load, one shimmering tile a key. */
export function KpiTilesSkeleton({ label, keys, height }: { label: string; keys: string[]; height: string }) {
  return (
    <KpiTiles $columns={keys.length} aria-busy="true" aria-label={label}>
      {keys.map((key) => (
        <Skeleton key={key} height={height} radius="card" />
      ))}
    </KpiTiles>
  );
}

/** Green for a gain, red for a loss, plain at zero. */
export const signTone = (n: number): KpiTone => (n > 0 ? 'profit' : n < 0 ? 'loss' : 'default');

/** Green from `WIN_RATE_GREEN_FROM` percent, red below it, plain without trades. */
export const winRateTone = (winRate: number, trades: number): KpiTone =>
  trades === 0 ? 'default' : winRate >= WIN_RATE_GREEN_FROM ? 'profit' : 'loss';
