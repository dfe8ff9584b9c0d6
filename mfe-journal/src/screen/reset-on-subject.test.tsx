import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useResetOnSubjectChange } from './reset-on-subject';

afterEach(cleanup);

/** A field whose text starts from `subject` and every value it commits, in order. */
function Field({ subject, committed }: { subject: string; committed: string[] }) {
  const [text, setText] = useState(`fresh ${subject}`);
  useResetOnSubjectChange(subject, () => setText(`fresh ${subject}`));
  useLayoutEffect(() => {
    committed.push(text);
  });
  return <input aria-label="field" value={text} onChange={(event) => setText(event.target.value)} />;
}

describe('useResetOnSubjectChange', () => {
  it('given typed text, when the subject changes, then the first committed render already has the fresh state', () => {
    const committed: string[] = [];
    const { rerender } = render(<Field subject="a" committed={committed} />);
    fireEvent.change(screen.getByLabelText('field'), { target: { value: 'typed' } });
    committed.length = 0;

    rerender(<Field subject="b" committed={committed} />);

    // A reset in an effect would first commit "typed" under subject b, and wipe what is typed meanwhile.
    expect(committed).toEqual(['fresh b']);
    expect(screen.getByLabelText<HTMLInputElement>('field').value).toBe('fresh b');
  });

  it('given typed text, when the component renders again for the same subject, then nothing is reset', () => {
    const committed: string[] = [];
    const { rerender } = render(<Field subject="a" committed={committed} />);
    fireEvent.change(screen.getByLabelText('field'), { target: { value: 'typed' } });

    rerender(<Field subject="a" committed={committed} />);

    expect(screen.getByLabelText<HTMLInputElement>('field').value).toBe('typed');
  });

  it('given the first render, then the initial state stands without a reset', () => {
    const committed: string[] = [];
    render(<Field subject="a" committed={committed} />);

    expect(committed).toEqual(['fresh a']);
  });
});
