import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonBase, type ButtonSize, type ButtonVariant } from './Button';

export type IconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'aria-label' | 'children'> & {
  /** Required: an icon alone says nothing to a screen reader. */
  'aria-label': string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
};

const Square = styled(ButtonBase)`
  padding: 0;
  aspect-ratio: 1;
`;

/** A square button holding only an icon, named for assistive technology by its aria-label. */
export function IconButton({ variant = 'ghost', size = 'md', type = 'button', ...rest }: IconButtonProps) {
  return <Square type={type} $variant={variant} $size={size} $fullWidth={false} {...rest} />;
}
