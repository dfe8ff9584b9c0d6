import { CalendarIcon, ChartIcon, ListIcon, PlusIcon } from '@yoman/ui';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SessionUser } from '../session/guards';
import { Avatar } from './Avatar';
import { shownNameOf } from './people';
import { useDismiss } from './useDismiss';
import { useScrollingDown } from './useScrollingDown';

// The four shortcuts of spec §2, in order.
const SHORTCUTS = [
  { to: '/trades?add=true', label: 'הוסף עסקה', icon: PlusIcon },
  { to: '/trades', label: 'עסקאות', icon: ListIcon },
  { to: '/calendar', label: 'יומן', icon: CalendarIcon },
  { to: '/analytics', label: 'ניתוחים', icon: ChartIcon },
] as const;

const Holder = styled.div`
  position: fixed;
  bottom: 16px;
  left: 16px;
  z-index: ${({ theme }) => theme.zIndices.fab};
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;

const Fab = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[1]}
    ${({ theme }) => theme.space[1]};
  /* While the page scrolls down, only the picture: the button then hides as little of the page as it can. */
  &[data-compact='true'] {
    padding: ${({ theme }) => theme.space[1]};
  }
  &[data-compact='true'] > span:last-child {
    display: none;
  }
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accentStrong};
  color: ${({ theme }) => theme.colors.onAccent};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  cursor: pointer;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Shortcuts = styled.ul`
  order: -1;
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface2};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.card};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  a {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    min-height: 44px;
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.input};
  }
  a:hover {
    background: ${({ theme }) => theme.colors.surface1};
  }
`;

/**
 * Below md: the floating button with the user's picture and name that opens four shortcuts (spec §2); while
 * the page is scrolled down it shows the picture alone, and its name again once the page moves up.
 */
export function ShortcutButton({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const holder = useRef<HTMLDivElement>(null);
  const listId = useId();
  useDismiss(open, close, holder);
  const compact = useScrollingDown() && !open;
  return (
    <Holder ref={holder} data-testid="shortcut-button">
      <Fab
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`קיצורי דרך (${shownNameOf(user.displayName)})`}
        data-compact={compact}
        onClick={() => setOpen((was) => !was)}
      >
        <Avatar displayName={user.displayName} image={user.profileImage} size={36} />
        <span>{shownNameOf(user.displayName)}</span>
      </Fab>
      {open && (
        <Shortcuts id={listId} aria-label="קיצורי דרך">
          {SHORTCUTS.map(({ to, label, icon: ShortcutIcon }) => (
            <li key={to}>
              <Link to={to} onClick={close}>
                <ShortcutIcon size={18} />
                {label}
              </Link>
            </li>
          ))}
        </Shortcuts>
      )}
    </Holder>
  );
}
