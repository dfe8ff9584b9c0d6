import { useId } from 'react';
import styled from 'styled-components';

const Field = styled.div`
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

// A plain label, styled as the design system's (Radix's Label only stops a double click selecting its text):
// the calendar's toolbar then needs nothing of '@yoman/ui/overlays' before its first paint.
const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.body};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.text};
`;

const Native = styled.select`
  min-width: 132px;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.input};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface1};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.body};
`;

export type FilterSelectProps<T extends string> = {
  label: string;
  value: T;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
};

/**
 * A labelled native select, styled like the design system's text fields: the platform's own keyboard and
 * screen-reader behaviour on every device, including phones' native pickers.
 */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
}: FilterSelectProps<T>) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Native id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </Native>
    </Field>
  );
}
