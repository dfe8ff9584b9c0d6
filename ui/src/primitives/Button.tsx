import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A request is running: the button is disabled, busy, and shows the spinner and pendingLabel. */
  pending?: boolean;
  /** Shown instead of the children while pending, e.g. 'מתחבר...'. */
  pendingLabel?: ReactNode;
  fullWidth?: boolean;
};

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.accentStrong};
    color: ${({ theme }) => theme.colors.onAccent};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.accentStrongHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface2};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
    &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.textMuted}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.surface2}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.lossStrong};
    color: ${({ theme }) => theme.colors.onAccent};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.lossStrongHover}; }
  `,
};

const sizes = {
  sm: css`
    min-height: 32px;
    padding: 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.caption};
  `,
  md: css`
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space[4]};
  `,
  lg: css`
    min-height: 48px;
    padding: 0 ${({ theme }) => theme.space[5]};
    font-size: 16px;
  `,
};

export const ButtonBase = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $fullWidth: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.input};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  line-height: 1;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  transition: background ${({ theme }) => theme.durations.fast}, border-color ${({ theme }) => theme.durations.fast};
  ${({ $variant }) => variants[$variant]}
  ${({ $size }) => sizes[$size]}

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  &[aria-busy='true'] {
    cursor: progress;
  }
`;

/** The one button: four variants, three sizes, and a pending state that tells the user a request runs. */
export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  pendingLabel,
  fullWidth = false,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <ButtonBase
      type={type}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending && <Spinner decorative size={14} />}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </ButtonBase>
  );
}
