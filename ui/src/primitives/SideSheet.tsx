import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { CloseIcon } from '../icons/icons';
import { IconButton } from './IconButton';
import { overlay } from './surfaces';

export type SideSheetProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Width in pixels from the lg breakpoint; 450 by default (the day drawer). Full width below md. */
  width?: number;
  closeLabel?: string;
};

// Slides in from the inline-start edge: written for LTR (from the left); the RTL plugin mirrors the
// translate, so in Hebrew it comes from the right.
const fromStart = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(0); }
`;

const Overlay = styled(RadixDialog.Overlay)`
  ${overlay}
`;

const Panel = styled(RadixDialog.Content)<{ $width: number }>`
  position: fixed;
  top: 0;
  bottom: 0;
  inset-inline-start: 0;
  width: 100%;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface2};
  color: ${({ theme }) => theme.colors.text};
  border-inline-end: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.dialog};
  z-index: ${({ theme }) => theme.zIndices.dialog};
  animation: ${fromStart} ${({ theme }) => theme.durations.slow} ease-out;

  ${({ theme }) => theme.media.md} {
    width: min(90vw, ${({ $width }) => $width}px);
  }

  ${({ theme }) => theme.media.lg} {
    width: ${({ $width }) => $width}px;
  }
`;

const Header = styled.div`
  padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[5]};
  padding-inline-end: 56px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled(RadixDialog.Title)`
  font-size: ${({ theme }) => theme.fontSizes.h3};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Description = styled(RadixDialog.Description)`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-top: ${({ theme }) => theme.space[1]};
`;

// Last in the DOM so that opening the sheet focuses its content first; shown at the top inline-end corner.
const CloseCorner = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space[3]};
  inset-inline-end: ${({ theme }) => theme.space[4]};
`;

const Body = styled.div`
  flex: 1;
  overflow: auto;
  padding: ${({ theme }) => theme.space[5]};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[5]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** A drawer from the inline-start side (the day drawer, the mobile menu): a modal dialog with focus trap. */
export function SideSheet({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  width = 450,
  closeLabel = 'סגור',
}: SideSheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <Overlay />
        <Panel $width={width} {...(description === undefined ? { 'aria-describedby': undefined } : {})}>
          <Header>
            <Title>{title}</Title>
            {description !== undefined && <Description>{description}</Description>}
          </Header>
          <Body>{children}</Body>
          {footer !== undefined && <Footer>{footer}</Footer>}
          <CloseCorner>
            <RadixDialog.Close asChild>
              <IconButton aria-label={closeLabel} size="sm">
                <CloseIcon size={18} />
              </IconButton>
            </RadixDialog.Close>
          </CloseCorner>
        </Panel>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
