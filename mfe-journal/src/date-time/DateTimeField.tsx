import { TextField } from '@yoman/ui/overlays';
import { type ChangeEvent, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import {
  caretAfterDigits,
  digitsBefore,
  HE_DATE_FORMAT,
  HE_DATE_PLACEHOLDER,
  HE_DATE_TIME_FORMAT,
  HE_DATE_TIME_PLACEHOLDER,
  maskDateTime,
  stepDateTime,
} from './he-date-time';

export type DateTimeFieldProps = {
  label: string;
  name: string;
  /** The field's text: 'dd.MM.yyyy HH:mm', or part of it while it is typed. */
  value: string;
  zone: string;
  error?: string;
  required?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A day alone (dd.MM.yyyy) instead of a day and time. */
  dateOnly?: boolean;
};

/**
 * A date-and-time field in the product's format (dd.MM.yyyy HH:mm, 24-hour) in place of the native
 * datetime-local input, which follows the operating system (mm/dd/yyyy in many Hebrew browsers). Digits only;
 * the separators come by themselves; ArrowUp/ArrowDown move the day, month, year, hour or minute under the caret.
 */
export function DateTimeField({
  label,
  name,
  value,
  zone,
  error,
  required,
  onChange,
  onBlur,
  dateOnly = false,
}: DateTimeFieldProps) {
  const format = dateOnly ? HE_DATE_FORMAT : HE_DATE_TIME_FORMAT;
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const masked = maskDateTime(raw, dateOnly ? 8 : 12);
    caret.current = caretAfterDigits(masked, digitsBefore(raw, event.target.selectionStart ?? raw.length));
    onChange(masked);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const position = event.currentTarget.selectionStart ?? 0;
    const stepped = stepDateTime(value, position, event.key === 'ArrowUp' ? 1 : -1, zone, format);
    if (stepped === value) return;
    event.preventDefault();
    caret.current = position;
    onChange(stepped);
  };

  return (
    <TextField
      ref={input}
      label={label}
      name={name}
      value={value}
      error={error}
      required={required}
      dir="ltr"
      inputMode="numeric"
      autoComplete="off"
      placeholder={dateOnly ? HE_DATE_PLACEHOLDER : HE_DATE_TIME_PLACEHOLDER}
      maxLength={format.length}
      aria-description={format}
      onChange={change}
      onKeyDown={keyDown}
      onBlur={onBlur}
    />
  );
}
