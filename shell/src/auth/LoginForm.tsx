import { Button, toast } from '@yoman/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { TextField } from './TextField';
import { useSignIn } from './useAuthActions';

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  flex-wrap: wrap;
`;

const Remember = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  input {
    width: 16px;
    height: 16px;
    accent-color: ${({ theme }) => theme.colors.accent};
  }
`;

/** The login tab: email, password, remember me and a forgot-password hint (spec §2, §5). */
export function LoginForm() {
  const { signIn, pending } = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn({ email, password, rememberMe });
  };

  // There is no self-service reset: a mentor resets a student's password.
  const forgotPassword = () =>
    toast({
      title: 'שכחת את הסיסמה?',
      description: 'פנה למנטור שלך והוא יאפס עבורך את הסיסמה.',
    });

  return (
    <Form onSubmit={submit} aria-label="התחברות">
      <TextField
        label="אימייל"
        type="email"
        name="email"
        autoComplete="email"
        dir="ltr"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="סיסמה"
        type="password"
        name="password"
        autoComplete="current-password"
        dir="ltr"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Row>
        <Remember>
          <input
            type="checkbox"
            name="rememberMe"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
          />
          זכור אותי
        </Remember>
        <Button type="button" variant="ghost" size="sm" onClick={forgotPassword}>
          שכחתי סיסמה
        </Button>
      </Row>
      <Button type="submit" fullWidth pending={pending} pendingLabel="מתחבר...">
        התחבר
      </Button>
    </Form>
  );
}
