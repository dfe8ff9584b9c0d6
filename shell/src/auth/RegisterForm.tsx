import { Button } from '@yoman/ui';
import { type FormEvent, useState } from 'react';
import { Form } from './LoginForm';
import { TextField } from './TextField';
import { useRegisterAccount } from './useAuthActions';

/** The minimum password length (spec §5, §9). */
export const MIN_PASSWORD_LENGTH = 8;

/** The register tab: full name, username, email and a password of at least 8 characters. */
export function RegisterForm() {
  const { registerAccount, pending } = useRegisterAccount();
  const [fields, setFields] = useState({ displayName: '', username: '', email: '', password: '' });
  const bind = (name: keyof typeof fields) => ({
    name,
    required: true,
    value: fields[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((known) => ({ ...known, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void registerAccount(fields);
  };

  return (
    <Form onSubmit={submit} aria-label="הרשמה">
      <TextField label="שם מלא" autoComplete="name" {...bind('displayName')} />
      <TextField label="שם משתמש" autoComplete="username" dir="ltr" {...bind('username')} />
      <TextField label="אימייל" type="email" autoComplete="email" dir="ltr" {...bind('email')} />
      <TextField
        label="סיסמה"
        type="password"
        autoComplete="new-password"
        dir="ltr"
        minLength={MIN_PASSWORD_LENGTH}
        hint={`לפחות ${MIN_PASSWORD_LENGTH} תווים`}
        {...bind('password')}
      />
      <Button type="submit" fullWidth pending={pending} pendingLabel="יוצר חשבון...">
        צור חשבון
      </Button>
    </Form>
  );
}
