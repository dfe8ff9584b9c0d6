import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-top-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  flex-shrink: 0;

  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

export type SpinnerProps = {
  /** Spoken name; 'טוען...' by default. */
  label?: string;
  size?: number;
  /** Inside a control that already announces its state (a pending button): hidden from screen readers. */
  decorative?: boolean;
  className?: string;
};

/** A small rotating ring for work in progress; prefer a Skeleton when the final layout is known. */
export function Spinner({ label = 'טוען...', size = 16, decorative = false, className }: SpinnerProps) {
  if (decorative) return <Ring $size={size} aria-hidden className={className} />;
  return <Ring $size={size} role="status" aria-label={label} className={className} />;
}
