import { TRADES_PAGE_SIZE } from '@yoman/contracts';
import { Button, Spinner } from '@yoman/ui';
import styled from 'styled-components';
import { he } from '../i18n';

const Footer = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.body};
`;

const Failed = styled.p`
  color: ${({ theme }) => theme.colors.loss};
`;

export type LoadMoreTradesProps = {
  shown: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
};

/**
 * Under the list: how many trades are shown (announced politely as pages arrive) and the button for the next
 * page. The button stays enabled and focused while a page loads, so a keyboard user keeps their place.
 */
export function LoadMoreTrades({ shown, hasMore, loading, failed, onLoadMore }: LoadMoreTradesProps) {
  const t = he.trades;
  return (
    <Footer>
      <p role="status" data-testid="trades-shown">
        {loading ? t.loadingMore : hasMore ? t.shownSoFar(shown) : t.allShown(shown)}
      </p>
      {failed && <Failed role="alert">{t.loadMoreFailed}</Failed>}
      {hasMore && (
        <Button
          variant="secondary"
          aria-busy={loading || undefined}
          aria-describedby="trades-page-size"
          onClick={() => {
            if (!loading) onLoadMore();
          }}
        >
          {loading && <Spinner decorative size={14} />}
          {failed ? t.retryLoadMore : t.loadMore}
        </Button>
      )}
      {hasMore && (
        <span id="trades-page-size" className="visually-hidden">
          {t.pageSizeHint(TRADES_PAGE_SIZE)}
        </span>
      )}
    </Footer>
  );
}
