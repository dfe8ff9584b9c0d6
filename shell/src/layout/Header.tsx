import { IconButton, MenuIcon } from '@yoman/ui';
import styled from 'styled-components';
import type { SessionUser } from '../session/guards';
import { SessionClock } from '../session-clock/SessionClock';
import { UserMenu } from './UserMenu';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.sticky};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-height: 56px;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.colors.bg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const MobileOnly = styled.div`
  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;

const Brand = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  ${({ theme }) => theme.media.md} {
    display: none;
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

/** The top bar: the mobile menu button, the session clock and the user menu. */
export function Header({
  user,
  onOpenMobileMenu,
  onSignOut,
}: {
  user: SessionUser;
  onOpenMobileMenu: () => void;
  onSignOut: () => void;
}) {
  return (
    <Bar>
      <MobileOnly>
        <IconButton aria-label="פתח תפריט" onClick={onOpenMobileMenu} data-testid="mobile-menu-trigger">
          <MenuIcon />
        </IconButton>
      </MobileOnly>
      <Brand>יומן</Brand>
      <Spacer />
      <SessionClock />
      <UserMenu user={user} onSignOut={onSignOut} />
    </Bar>
  );
}
