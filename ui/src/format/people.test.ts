import { describe, expect, it } from 'vitest';
import { initialsOf } from './people';

describe('initialsOf', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('ישראל ישראלי')).toBe('יי');
    expect(initialsOf('dana cohen levi')).toBe('DC');
    expect(initialsOf('  Noa   Bar  ')).toBe('NB');
  });

  it('takes one letter for a single word', () => {
    expect(initialsOf('מאיר')).toBe('מ');
  });

  it("falls back to 'U' without a name", () => {
    expect(initialsOf('')).toBe('U');
    expect(initialsOf('   ')).toBe('U');
    expect(initialsOf(null)).toBe('U');
    expect(initialsOf(undefined)).toBe('U');
  });

  it('never splits a surrogate pair', () => {
    expect(initialsOf('😀smile 𝒜bc')).toBe('😀𝒜');
  });
});
