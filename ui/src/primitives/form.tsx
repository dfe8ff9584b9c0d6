import { Checkbox as RadixCheckbox, Label as RadixLabel } from 'radix-ui';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { CheckIcon } from '../icons/icons';

export const Label = styled(RadixLabel.Root)`
  font-size: ${({ theme }) => theme.fontSizes.body};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.text};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

const Input = styled.input<{ $invalid: boolean }>`
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.colors.surface1};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.loss : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.input};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }

  &:disabled {
    opacity: 0.6;
  }
`;

const Hint = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.loss};
`;

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'children'> & {
  label: ReactNode;
  /** Shown under the field in red; also marks the input invalid for screen readers. */
  error?: ReactNode;
  hint?: ReactNode;
};

/** A labelled text input with an optional hint and error message, both tied to it with aria-describedby. */
export function TextField({ label, error, hint, id, className, ...inputProps }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const invalid = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hint !== undefined ? hintId : null, invalid ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Field className={className}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        $invalid={invalid}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {hint !== undefined && <Hint id={hintId}>{hint}</Hint>}
      {invalid && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Field>
  );
}

const CheckRow = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Box = styled(RadixCheckbox.Root)`
  display: grid;
  place-items: center;
  width: 18px;
  height: 18px;
  padding: 0;
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.surface1};
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: 4px;
  color: ${({ theme }) => theme.colors.onAccent};
  cursor: pointer;

  &[data-state='checked'] {
    background: ${({ theme }) => theme.colors.accentStrong};
    border-color: ${({ theme }) => theme.colors.accentStrong};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
`;

const CheckLabel = styled(RadixLabel.Root)`
  cursor: pointer;
`;

export type CheckboxProps = {
  label: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
};

/** A labelled checkbox (remember me); reports plain booleans. */
export function Checkbox({ label, id, className, onCheckedChange, ...rest }: CheckboxProps) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <CheckRow className={className}>
      <Box id={boxId} onCheckedChange={(state) => onCheckedChange?.(state === true)} {...rest}>
        <RadixCheckbox.Indicator>
          <CheckIcon size={14} strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </Box>
      <CheckLabel htmlFor={boxId}>{label}</CheckLabel>
    </CheckRow>
  );
}
