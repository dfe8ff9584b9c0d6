import { useRemovesPrerenderedScreen } from '@yoman/ui';
import styled from 'styled-components';
import { AuthTabs } from './AuthTabs';
import { LoginForm } from './LoginForm';
import { MarketingPanel } from './MarketingPanel';
import { RegisterForm } from './RegisterForm';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[5]};
  align-content: center;
  justify-content: center;
  grid-template-columns: minmax(0, 440px);

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: minmax(0, 440px) minmax(0, 480px);
    gap: ${({ theme }) => theme.space[7]};
  }
`;

const Card = styled.section`
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[5]};
  background: ${({ theme }) => theme.colors.surface1};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.dialog};
`;

const Heading = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

/** /auth: the login and register tabs beside the marketing panel (spec §2). */
export function AuthScreen() {
  // The page's HTML showed a prerendered copy of this screen until now: this one replaces it in one frame.
  useRemovesPrerenderedScreen();
  return (
    <Page>
      <Card aria-labelledby="auth-heading">
        <Heading id="auth-heading">ברוכים הבאים ליומן</Heading>
        <AuthTabs
          label="כניסה או הרשמה"
          initial="login"
          tabs={[
            { value: 'login', label: 'התחברות', panel: <LoginForm /> },
            { value: 'register', label: 'הרשמה', panel: <RegisterForm /> },
          ]}
        />
      </Card>
      <MarketingPanel />
    </Page>
  );
}
