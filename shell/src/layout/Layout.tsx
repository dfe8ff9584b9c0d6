import { removePrerenderedScreenUnlessOf } from '@yoman/ui';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useSignOut } from '../auth/useAuthActions';
import { landingPathFor, useSignedInUser } from '../session/guards';
import { Header } from './Header';
import { ShortcutButton } from './ShortcutButton';
import { Sidebar } from './Sidebar';
import { useSidebarCollapsed } from './useSidebarCollapsed';

// The phone menu (a Radix sheet of '@yoman/ui/overlays', with the student menu it lists for every role) is
// downloaded when it is first opened, so neither the layout's first paint nor a mentor's page waits for it.
const MobileMenu = lazy(() =>
  import(/* webpackChunkName: "mobile-menu" */ './MobileMenu').then((m) => ({ default: m.MobileMenu })),
);

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Main = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.space[5]} ${({ theme }) => theme.space[4]} 96px;
  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space[5]};
  }
`;

/** The authenticated area's frame: sidebar, header, the routed screen, and the mobile menu and shortcuts. */
export function Layout() {
  const user = useSignedInUser();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  // Once opened, the menu stays mounted, so that it can play its closing animation.
  const [mobileMenuMounted, setMobileMenuMounted] = useState(false);
  const openMobileMenu = () => {
    setMobileMenuMounted(true);
    setMobileMenuOpen(true);
  };
  const { signOut } = useSignOut();
  const onSignOut = () => void signOut();
  // A drawn screen's copy stays until that screen (or what shows instead) mounts, unless the page is no
  // longer the one drawn: a signed-in visitor's /auth, a mentor sent on from the dashboard's URL. `/` is
  // about to go where the user lands, which is where it was drawn.
  const { pathname } = useLocation();
  const shown = pathname === '/' ? landingPathFor(user) : pathname;
  useLayoutEffect(() => removePrerenderedScreenUnlessOf(shown), [shown]);
  return (
    <Frame>
      <Sidebar user={user} collapsed={collapsed} onToggle={toggleCollapsed} onSignOut={onSignOut} />
      <Column>
        <Header user={user} onOpenMobileMenu={openMobileMenu} onSignOut={onSignOut} />
        <Main id="main">
          <Outlet />
        </Main>
      </Column>
      {mobileMenuMounted && (
        <Suspense fallback={null}>
          <MobileMenu
            user={user}
            open={mobileMenuOpen}
            onOpenChange={setMobileMenuOpen}
            onSignOut={onSignOut}
          />
        </Suspense>
      )}
      <ShortcutButton user={user} />
    </Frame>
  );
}
