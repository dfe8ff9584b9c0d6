import type { ReactNode } from 'react';
import styled from 'styled-components';
import { WarningIcon } from '../icons/icons';
import { withAlpha } from '../theme/tokens';
import { Button } from './Button';

export type ErrorPanelProps = {
  /** What failed, in Hebrew; 'משהו השתבש' by default. */
  title?: ReactNode;
  /** What happened and what to try. */
  message?: ReactNode;
  /** Shows the retry button when given. */
  onRetry?: () => void;
  retryLabel?: ReactNode;
  /** The retry is running (e.g. a remote reloading). */
  retrying?: boolean;
  className?: string;
};

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.card};
  border: 1px solid ${({ theme }) => withAlpha(theme.colors.loss, 0.45)};
  background: ${({ theme }) => withAlpha(theme.colors.loss, 0.08)};
  color: ${({ theme }) => theme.colors.text};
`;

const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.loss};
`;

const Message = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Something failed: an alert with the title, the message and, when possible, a retry button. */
export function ErrorPanel({
  title = 'משהו השתבש',
  message,
  onRetry,
  retryLabel = 'נסה שוב',
  retrying = false,
  className,
}: ErrorPanelProps) {
  return (
    <Panel role="alert" className={className}>
      <Heading>
        <WarningIcon />
        <span>{title}</span>
      </Heading>
      {message !== undefined && <Message>{message}</Message>}
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} pending={retrying}>
          {retryLabel}
        </Button>
      )}
    </Panel>
  );
}
