import { IconButton, MenuIcon, Skeleton } from '@yoman/ui';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { SessionUser } from '../session/guards';
import { UserMenu } from './UserMenu';

// The clock reads New York time with luxon (21 KB gzipped): it is drawn a moment after the layout's first
// paint, in the place its skeleton keeps, instead of holding that paint back.
const SessionClock = lazy(() =>
  import(/* webpackChunkName: "session-clock" */ '../session-clock/SessionClock').then((m) => ({
    default: m.SessionClock,
  })),
);

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
      <Suspense fallback={<Skeleton width="168px" height="36px" radius="pill" />}>
        <SessionClock />
      </Suspense>
      <UserMenu user={user} onSignOut={onSignOut} />
    </Bar>
  );
}
