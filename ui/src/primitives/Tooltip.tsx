import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import styled from 'styled-components';

/** Spec §9: tooltips open after 700 ms; moving to a neighbour within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Mount once near the root (the shell does); every Tooltip below shares its delays. */
export function TooltipProvider({ children }: { children?: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}

const Bubble = styled(RadixTooltip.Content)`
  max-width: 280px;
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.bg};
  font-size: ${({ theme }) => theme.fontSizes.caption};
  border-radius: ${({ theme }) => theme.radii.input};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  z-index: ${({ theme }) => theme.zIndices.tooltip};
`;

const Arrow = styled(RadixTooltip.Arrow)`
  fill: ${({ theme }) => theme.colors.text};
`;

export type TooltipProps = {
  /** The hint; keep it short. It is also announced when the trigger gets keyboard focus. */
  content: ReactNode;
  /** One focusable element (a Button or IconButton). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

/** A hint on hover and keyboard focus for its child; needs a TooltipProvider above it. */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <Bubble side={side} sideOffset={6}>
          {content}
          <Arrow />
        </Bubble>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
