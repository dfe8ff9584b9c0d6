import { type ComponentPropsWithoutRef, useId } from 'react';
import styled from 'styled-components';

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Input = styled.input`
  min-height: 40px;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.input};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export type TextFieldProps = ComponentPropsWithoutRef<'input'> & { label: string; hint?: string };

/** A labelled input; the label and the hint are tied to it for screen readers. */
export function TextField({ label, hint, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint && <Hint id={hintId}>{hint}</Hint>}
    </Field>
  );
}
