import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { CloseIcon } from '../icons/icons';
import { IconButton } from './IconButton';
import { overlay } from './surfaces';

export type DialogProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (a Button); optional when `open` is controlled. */
  trigger?: ReactNode;
  /** Required: it names the dialog for screen readers. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (cancel, save). */
  footer?: ReactNode;
  /** Largest width in pixels; 520 by default. */
  width?: number;
  closeLabel?: string;
};

const popIn = keyframes`
  from { opacity: 0; transform: scale(0.97); }
  to { opacity: 1; transform: scale(1); }
`;

const Overlay = styled(RadixDialog.Overlay)`
  ${overlay}
`;

const Content = styled(RadixDialog.Content)<{ $width: number }>`
  /* Centred by margins, not by a translate, which the RTL plugin could not mirror. */
  position: fixed;
  inset: 0;
  margin: auto;
  height: fit-content;
  width: min(calc(100vw - 32px), ${({ $width }) => $width}px);
  max-height: calc(100vh - 32px);
  overflow: auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.colors.surface2};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.dialog};
  box-shadow: ${({ theme }) => theme.shadows.dialog};
  z-index: ${({ theme }) => theme.zIndices.dialog};
  animation: ${popIn} ${({ theme }) => theme.durations.normal} ease-out;
`;

const Header = styled.div`
  padding-inline-end: 40px;
`;

// Last in the DOM so that opening the dialog focuses its first field, not the close button; shown at the
// top inline-end corner.
const CloseCorner = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space[4]};
  inset-inline-end: ${({ theme }) => theme.space[4]};
`;

const Title = styled(RadixDialog.Title)`
  font-size: ${({ theme }) => theme.fontSizes.h3};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Description = styled(RadixDialog.Description)`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-top: ${({ theme }) => theme.space[1]};
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

/** A modal dialog: traps focus, closes on Escape and on its close button, and is named by its title. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  width = 520,
  closeLabel = 'סגור',
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <Overlay />
        {/* Without a description, Radix expects aria-describedby to be cleared explicitly. */}
        <Content $width={width} {...(description === undefined ? { 'aria-describedby': undefined } : {})}>
          <Header>
            <Title>{title}</Title>
            {description !== undefined && <Description>{description}</Description>}
          </Header>
          {children}
          {footer !== undefined && <Footer>{footer}</Footer>}
          <CloseCorner>
            <RadixDialog.Close asChild>
              <IconButton aria-label={closeLabel} size="sm">
                <CloseIcon size={18} />
              </IconButton>
            </RadixDialog.Close>
          </CloseCorner>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding Dialog or SideSheet when its child (a Button) is pressed. */
export const DialogClose = RadixDialog.Close;
