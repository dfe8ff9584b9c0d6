import { Button, LogoutIcon, SettingsIcon, UserIcon } from '@yoman/ui';
import { SideSheet } from '@yoman/ui/overlays';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { SessionUser } from '../session/guards';
import { Avatar } from './Avatar';
import { MenuLinks } from './MenuLinks';
import { roleLabelOf, shownNameOf } from './people';
import { useMenu } from './useMenu';

const Profile = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.card};
  background: ${({ theme }) => theme.colors.surface1};
  div {
    display: grid;
  }
  span {
    font-size: ${({ theme }) => theme.fontSizes.caption};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
`;

export interface MobileMenuProps {
  user: SessionUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
}

/** Below md: the slide-in menu with the profile block, the student links, profile, settings and logout. */
export function MobileMenu({ user, open, onOpenChange, onSignOut }: MobileMenuProps) {
  // The mobile menu always lists the student links, whatever the role (spec §6).
  const links = useMenu('student');
  const navigate = useNavigate();
  const close = () => onOpenChange(false);
  const goTo = (path: string) => {
    close();
    navigate(path);
  };
  return (
    <SideSheet
      open={open}
      onOpenChange={onOpenChange}
      title="תפריט"
      width={320}
      footer={
        <Actions>
          <Button variant="secondary" fullWidth onClick={() => goTo('/settings#profile')}>
            <UserIcon size={16} />
            פרופיל
          </Button>
          <Button variant="secondary" fullWidth onClick={() => goTo('/settings')}>
            <SettingsIcon size={16} />
            הגדרות
          </Button>
          <Button
            variant="ghost"
            fullWidth
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            <LogoutIcon size={16} />
            התנתק
          </Button>
        </Actions>
      }
    >
      <Profile data-testid="mobile-profile">
        <Avatar displayName={user.displayName} image={user.profileImage} />
        <div>
          <strong>{shownNameOf(user.displayName)}</strong>
          <span>{roleLabelOf(user.role)}</span>
        </div>
      </Profile>
      <nav aria-label="תפריט נייד">
        <MenuLinks entries={links} onNavigate={close} />
      </nav>
    </SideSheet>
  );
}
