import { ChevronLeftIcon, ChevronRightIcon, IconButton, LogoutIcon } from '@yoman/ui';
import styled from 'styled-components';
import type { SessionUser } from '../session/guards';
import { Avatar } from './Avatar';
import { MenuLinks } from './MenuLinks';
import { audienceOf } from './navigation';
import { roleLabelOf, shownNameOf } from './people';
import { useMenu } from './useMenu';

// 16 and 64 spacing units of 4px (spec §2, §9), in pixels because the theme sets the root font to 14px.
// Styles are written left-to-right; the RTL plugin mirrors them.
export const SIDEBAR_WIDTHS = { collapsed: '64px', expanded: '256px' } as const;

const Aside = styled.aside<{ $collapsed: boolean }>`
  display: none;
  ${({ theme }) => theme.media.md} {
    display: flex;
  }
  flex-direction: column;
  flex-shrink: 0;
  gap: ${({ theme }) => theme.space[4]};
  position: sticky;
  top: 0;
  height: 100vh;
  width: ${({ $collapsed }) => ($collapsed ? SIDEBAR_WIDTHS.collapsed : SIDEBAR_WIDTHS.expanded)};
  padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.colors.surface1};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  transition: width ${({ theme }) => theme.durations.normal} ease;
  overflow: hidden auto;
`;

const Top = styled.div<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'space-between')};
  flex-direction: ${({ $collapsed }) => ($collapsed ? 'column' : 'row')};
  gap: ${({ theme }) => theme.space[2]};
`;

const Brand = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.h3};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
`;

const Profile = styled.div<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radii.card};
  background: ${({ theme }) => theme.colors.surface2};
`;

const Who = styled.div`
  display: grid;
  min-width: 0;
  span:first-child {
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span:last-child {
    font-size: ${({ theme }) => theme.fontSizes.caption};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Nav = styled.nav`
  flex: 1;
`;

const Logout = styled.button<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  justify-content: ${({ $collapsed }) => ($collapsed ? 'center' : 'flex-start')};
  gap: ${({ theme }) => theme.space[3]};
  min-height: 40px;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.input};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surface2};
    color: ${({ theme }) => theme.colors.loss};
  }
`;

export interface SidebarProps {
  user: SessionUser;
  collapsed: boolean;
  onToggle: () => void;
  onSignOut: () => void;
}

/** The desktop sidebar: brand, who is signed in, the role's menu and the logout button (spec §2). */
export function Sidebar({ user, collapsed, onToggle, onSignOut }: SidebarProps) {
  const menu = useMenu(audienceOf(user.role));
  const name = shownNameOf(user.displayName);
  return (
    <Aside $collapsed={collapsed} data-testid="sidebar" data-collapsed={collapsed}>
      <Top $collapsed={collapsed}>
        <Brand>יומן</Brand>
        <IconButton
          aria-label={collapsed ? 'הרחב תפריט' : 'כווץ תפריט'}
          aria-expanded={!collapsed}
          onClick={onToggle}
          data-testid="sidebar-toggle"
        >
          {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
        </IconButton>
      </Top>
      <Profile $collapsed={collapsed}>
        <Avatar displayName={user.displayName} image={user.profileImage} />
        {!collapsed && (
          <Who>
            <span>{name}</span>
            <span>{roleLabelOf(user.role)}</span>
          </Who>
        )}
      </Profile>
      <Nav aria-label="תפריט ראשי">
        <MenuLinks entries={menu} compact={collapsed} />
      </Nav>
      <Logout
        type="button"
        $collapsed={collapsed}
        onClick={onSignOut}
        aria-label={collapsed ? 'התנתק' : undefined}
      >
        <LogoutIcon />
        {!collapsed && <span>התנתק</span>}
      </Logout>
    </Aside>
  );
}
