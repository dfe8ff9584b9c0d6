import { useId } from 'react';
import styled from 'styled-components';

const Area = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};

  label {
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  textarea {
    min-height: 72px;
    padding: ${({ theme }) => theme.space[2]};
    border-radius: ${({ theme }) => theme.radii.input};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface1};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    resize: vertical;
  }
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.loss};
  }
  textarea:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 1px;
  }
  span[role='alert'] {
    font-size: ${({ theme }) => theme.fontSizes.caption};
    color: ${({ theme }) => theme.colors.loss};
  }
`;

export type TextAreaFieldProps = {
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** 2,000 characters unless told. */
  maxLength?: number;
  name?: string;
  /** Spans the whole row of a form grid. */
  wide?: boolean;
};

/** A labelled multi-line field, its error under it in the field's own words. */
export function TextAreaField({
  label,
  value,
  error,
  required,
  onChange,
  onBlur,
  maxLength = 2000,
  name,
  wide,
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <Area data-wide={wide || undefined}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        required={required}
        name={name}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error && (
        <span id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </Area>
  );
}
