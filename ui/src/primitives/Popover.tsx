import { Popover as RadixPopover } from 'radix-ui';
import type { ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';
import { floatingSurface } from './surfaces';

/** Popover root (the session clock panel): `open`/`onOpenChange` optional; Escape and outside click close it. */
export const Popover = RadixPopover.Root;
/** Wraps one Button with `asChild`. */
export const PopoverTrigger = RadixPopover.Trigger;
/** Closes the popover from inside it. */
export const PopoverClose = RadixPopover.Close;

const Content = styled(RadixPopover.Content)`
  ${floatingSurface}
  padding: ${({ theme }) => theme.space[4]};
  max-width: min(calc(100vw - 16px), 380px);

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
`;

/** The floating panel, in a portal, kept inside the viewport. */
export function PopoverContent({
  sideOffset = 8,
  collisionPadding = 8,
  ...props
}: ComponentPropsWithoutRef<typeof RadixPopover.Content>) {
  return (
    <RadixPopover.Portal>
      <Content sideOffset={sideOffset} collisionPadding={collisionPadding} {...props} />
    </RadixPopover.Portal>
  );
}
