import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../calendar/test-app';
import { DateTimeField } from './DateTimeField';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeField
      label="זמן כניסה"
      name="entryTime"
      zone="Asia/Jerusalem"
      value={value}
      onChange={setValue}
    />
  );
}

afterEach(cleanup);

const field = () => screen.getByLabelText('זמן כניסה') as HTMLInputElement;

describe('the he-IL date-time field', () => {
  it('is a left-to-right text field with the format as its placeholder, never a native datetime-local', () => {
    renderInApp(<Harness />);
    expect(field().type).toBe('text');
    expect(field().dir).toBe('ltr');
    expect(field().inputMode).toBe('numeric');
    expect(field().placeholder).toBe('יי.חח.שששש שש:דד');
  });

  it('lays typed digits out as dd.MM.yyyy HH:mm', () => {
    renderInApp(<Harness />);
    fireEvent.change(field(), { target: { value: '251120261430' } });
    expect(field().value).toBe('25.11.2026 14:30');
  });

  it('moves the part under the caret with ArrowUp and ArrowDown', () => {
    renderInApp(<Harness initial="30.11.2026 23:59" />);
    field().setSelectionRange(1, 1);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(field().value).toBe('01.12.2026 23:59');
    field().setSelectionRange(12, 12);
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().value).toBe('01.12.2026 22:59');
  });
});
