import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import type { MenuEntry } from './navigation';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
`;

const Link = styled(NavLink)<{ $compact: boolean }>`
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
  return (
    <List>
      {entries.map(({ path, label, icon: EntryIcon }) => (
        <li key={path}>
          <Link
            to={path}
            end={path === '/' || path === '/mentor'}
            $compact={compact}
            title={compact ? label : undefined}
            aria-label={compact ? label : undefined}
            onClick={onNavigate}
          >
            <EntryIcon />
            {!compact && <span>{label}</span>}
          </Link>
        </li>
      ))}
    </List>
  );
}
