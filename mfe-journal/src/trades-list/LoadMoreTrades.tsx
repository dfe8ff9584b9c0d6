import { TRADES_PAGE_SIZE } from '@yoman/contracts/constants';
import { Button, Spinner } from '@yoman/ui';
import { useEffect, useRef } from 'react';
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
 * page. The button stays enabled and focused while a page loads, so a keyboard user keeps their place; when
 * the last page arrives and the button goes, focus moves to the count rather than to the top of the page.
 */
export function LoadMoreTrades({ shown, hasMore, loading, failed, onLoadMore }: LoadMoreTradesProps) {
  const t = he.trades;
  const status = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusWasOnButton = useRef(false);
  useEffect(() => {
    if (loading) return;
    if (!hasMore && focusWasOnButton.current) status.current?.focus();
    focusWasOnButton.current = false;
  }, [loading, hasMore]);
  return (
    <Footer>
      <p role="status" data-testid="trades-shown" ref={status} tabIndex={-1}>
        {loading ? t.loadingMore : hasMore ? t.shownSoFar(shown) : t.allShown(shown)}
      </p>
      {failed && <Failed role="alert">{t.loadMoreFailed}</Failed>}
      {hasMore && (
        <Button
          ref={button}
          variant="secondary"
          aria-busy={loading || undefined}
          aria-describedby="trades-page-size"
          onClick={() => {
            focusWasOnButton.current = document.activeElement === button.current;
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
