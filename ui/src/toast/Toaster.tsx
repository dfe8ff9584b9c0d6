// The core entry by name, not by path: the toaster ('@yoman/ui/toaster') must show the page's one queue.
import {
  CheckIcon,
  CloseIcon,
  TOAST_RULES,
  type ToastItem,
  type ToastVariant,
  useToast,
  WarningIcon,
} from '@yoman/ui';
import { Toast as RadixToast } from 'radix-ui';
import type { ReactNode } from 'react';
import styled, { type DefaultTheme, keyframes } from 'styled-components';

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: translateY(0); }
`;

// Off the right edge in both directions, like the viewport (@noflip).
const swipeOut = keyframes`
  from { transform: translateX(var(--radix-toast-swipe-end-x)); }
  to { /* @noflip */ transform: translateX(100%); opacity: 0; }
`;

function accentOf(theme: DefaultTheme, variant: ToastVariant): string {
  if (variant === 'destructive') return theme.colors.loss;
  if (variant === 'success') return theme.colors.profit;
  return theme.colors.accent;
}

// Bottom of the screen, full width on phones and at most 420px from md (spec §9). It stays at the right edge
// in both directions (@noflip) so that the spec's swipe to the right always swipes it off the screen.
const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  left: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  list-style: none;
  z-index: ${({ theme }) => theme.zIndices.toast};
  outline: none;

  ${({ theme }) => theme.media.md} {
    /* @noflip */ left: auto;
    max-width: ${TOAST_RULES.maxWidthPx}px;
  }
`;

const Root = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.surface2};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $variant }) => accentOf(theme, $variant)};
  border-radius: ${({ theme }) => theme.radii.card};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  animation: ${slideIn} ${({ theme }) => theme.durations.normal} ease-out;

  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }
  &[data-swipe='cancel'] {
    transform: translateX(0);
    transition: transform ${({ theme }) => theme.durations.normal} ease-out;
  }
  &[data-swipe='end'] {
    animation: ${swipeOut} ${({ theme }) => theme.durations.fast} ease-out;
  }
  &[data-state='closed'] {
    display: none;
  }
`;

const Mark = styled.span<{ $variant: ToastVariant }>`
  display: grid;
  place-items: center;
  padding-top: 2px;
  color: ${({ theme, $variant }) => accentOf(theme, $variant)};
`;

const Title = styled(RadixToast.Title)`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Description = styled(RadixToast.Description)`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-top: 2px;
`;

const Close = styled(RadixToast.Close)`
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  padding: 0;
  background: none;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.input};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
  }
`;

function VariantMark({ variant }: { variant: ToastVariant }) {
  return (
    <Mark $variant={variant} aria-hidden>
      {variant === 'success' ? <CheckIcon size={18} /> : <WarningIcon size={18} />}
    </Mark>
  );
}

function ToastView({ item, onClosed }: { item: ToastItem; onClosed: (id: string) => void }) {
  return (
    <Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) onClosed(item.id);
      }}
      $variant={item.variant}
      // Errors interrupt the screen reader; confirmations wait their turn.
      type={item.variant === 'destructive' ? 'foreground' : 'background'}
      data-variant={item.variant}
    >
      {item.variant === 'default' ? <span /> : <VariantMark variant={item.variant} />}
      <div>
        <Title>{item.title}</Title>
        {item.description !== undefined && <Description>{item.description}</Description>}
      </div>
      <Close aria-label="סגור">
        <CloseIcon size={16} />
      </Close>
    </Root>
  );
}

/** Renders the toast queue with the spec's rules (one at a time, 5 s, swipe right, F8). Mount once. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <RadixToast.Provider
      duration={TOAST_RULES.durationMs}
      swipeDirection={TOAST_RULES.swipeDirection}
      swipeThreshold={TOAST_RULES.swipeThreshold}
      label={TOAST_RULES.label}
    >
      {toasts.map((item) => (
        <ToastView key={item.id} item={item} onClosed={dismiss} />
      ))}
      <Viewport hotkey={[...TOAST_RULES.hotkey]} />
    </RadixToast.Provider>
  );
}

/** The app's children plus the Toaster beside them. */
export function ToastProvider({ children }: { children?: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
