import { DropdownMenu as RadixMenu } from 'radix-ui';
import type { ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';
import { floatingSurface, menuRow } from './surfaces';

/** Menu root: `open`/`onOpenChange` optional; opens from its trigger by click, Enter, Space or ArrowDown. */
export const DropdownMenu = RadixMenu.Root;
/** Wraps one Button or IconButton with `asChild`. */
export const DropdownMenuTrigger = RadixMenu.Trigger;

const Content = styled(RadixMenu.Content)`
  ${floatingSurface}
  min-width: 200px;
  padding: ${({ theme }) => theme.space[1]};
`;

/** The list of items, in a portal, aligned to the trigger's end by default. */
export function DropdownMenuContent({
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentPropsWithoutRef<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <Content sideOffset={sideOffset} align={align} {...props} />
    </RadixMenu.Portal>
  );
}

/** One action; `onSelect` runs it, `$tone="danger"` colours destructive ones (logout). */
export const DropdownMenuItem = styled(RadixMenu.Item)<{ $tone?: 'default' | 'danger' }>`
  ${menuRow}
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.loss : theme.colors.text)};
`;

export const DropdownMenuLabel = styled(RadixMenu.Label)`
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const DropdownMenuSeparator = styled(RadixMenu.Separator)`
  height: 1px;
  margin: ${({ theme }) => theme.space[1]} 0;
  background: ${({ theme }) => theme.colors.border};
`;
