import { matchPath, Link as RouterLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { STUDENT_DASHBOARD } from '../session/guards';
import type { MenuEntry } from './navigation';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
`;

const Link = styled(RouterLink)<{ $compact: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $compact }) => ($compact ? 'center' : 'flex-start')};
  gap: ${({ theme }) => theme.space[3]};
  min-height: 40px;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.input};
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surface2};
    color: ${({ theme }) => theme.colors.text};
  }

  &.active {
    background: ${({ theme }) => theme.colors.surface2};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: inset -3px 0 0 ${({ theme }) => theme.colors.accent};
  }
`;

/**
 * Whether the menu's link to `path` is the page being shown: its path or below it; `/` and `/mentor` only
 * themselves (every path is below `/`), and `/` also at the dashboard it leads a student to.
 */
export function linkIsCurrent(path: string, pathname: string): boolean {
  if (path === '/')
    return pathname === '/' || matchPath({ path: STUDENT_DASHBOARD, end: false }, pathname) !== null;
  return matchPath({ path, end: path === '/mentor' }, pathname) !== null;
}

/** A role menu as links; compact shows icons only, with the label kept for screen readers and hover. */
export function MenuLinks({
  entries,
  compact = false,
  onNavigate,
}: {
  entries: MenuEntry[];
  compact?: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <List>
      {entries.map(({ path, label, icon: EntryIcon }) => {
        const current = linkIsCurrent(path, pathname);
        return (
          <li key={path}>
            <Link
              to={path}
              className={current ? 'active' : undefined}
              aria-current={current ? 'page' : undefined}
              $compact={compact}
              title={compact ? label : undefined}
              aria-label={compact ? label : undefined}
              onClick={onNavigate}
            >
              <EntryIcon />
              {!compact && <span>{label}</span>}
            </Link>
          </li>
        );
      })}
    </List>
  );
}
