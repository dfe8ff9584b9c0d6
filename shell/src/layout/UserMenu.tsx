import { ChevronDownIcon, LogoutIcon, SettingsIcon, UserIcon } from '@yoman/ui';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SessionUser } from '../session/guards';
import { Avatar } from './Avatar';
import { shownNameOf } from './people';
import { useDismiss } from './useDismiss';

const Holder = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[1]};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const Items = styled.ul`
  position: absolute;
  top: calc(100% + 8px);
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.popover};
  min-width: 180px;
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface2};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.card};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  a,
  button {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    width: 100%;
    padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.input};
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    cursor: pointer;
    font: inherit;
  }
  a:hover,
  button:hover {
    background: ${({ theme }) => theme.colors.surface1};
  }
`;

/** The header's user menu: profile, settings and logout (spec §2). */
export function UserMenu({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const holder = useRef<HTMLDivElement>(null);
  const listId = useId();
  useDismiss(open, close, holder);
  const name = shownNameOf(user.displayName);
  return (
    <Holder ref={holder}>
      <Trigger
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`תפריט משתמש: ${name}`}
        onClick={() => setOpen((was) => !was)}
        data-testid="user-menu-trigger"
      >
        <Avatar displayName={user.displayName} image={user.profileImage} size={32} />
        <ChevronDownIcon size={16} />
      </Trigger>
      {open && (
        <Items id={listId}>
          <li>
            <Link to="/settings#profile" onClick={close}>
              <UserIcon size={16} />
              פרופיל
            </Link>
          </li>
          <li>
            <Link to="/settings" onClick={close}>
              <SettingsIcon size={16} />
              הגדרות
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                onSignOut();
              }}
            >
              <LogoutIcon size={16} />
              התנתק
            </button>
          </li>
        </Items>
      )}
    </Holder>
  );
}
