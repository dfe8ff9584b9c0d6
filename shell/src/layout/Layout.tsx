import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { useSignOut } from '../auth/useAuthActions';
import { useSignedInUser } from '../session/guards';
import { Header } from './Header';
import { MobileMenu } from './MobileMenu';
import { ShortcutButton } from './ShortcutButton';
import { Sidebar } from './Sidebar';
import { useSidebarCollapsed } from './useSidebarCollapsed';

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
  const { signOut } = useSignOut();
  const onSignOut = () => void signOut();
  return (
    <Frame>
      <Sidebar user={user} collapsed={collapsed} onToggle={toggleCollapsed} onSignOut={onSignOut} />
      <Column>
        <Header user={user} onOpenMobileMenu={() => setMobileMenuOpen(true)} onSignOut={onSignOut} />
        <Main id="main">
          <Outlet />
        </Main>
      </Column>
      <MobileMenu user={user} open={mobileMenuOpen} onOpenChange={setMobileMenuOpen} onSignOut={onSignOut} />
      <ShortcutButton user={user} />
    </Frame>
  );
}
