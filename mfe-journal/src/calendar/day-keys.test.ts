import { describe, expect, it } from 'vitest';
import { dayAfterKey } from './day-keys';

describe('dayAfterKey', () => {
  it('moves by a day along the reading direction: left is tomorrow in Hebrew', () => {
    expect(dayAfterKey('2026-11-22', 'ArrowLeft', true)).toBe('2026-11-23');
    expect(dayAfterKey('2026-11-22', 'ArrowRight', true)).toBe('2026-11-21');
    expect(dayAfterKey('2026-11-22', 'ArrowRight', false)).toBe('2026-11-23');
  });

  it('moves by a week up and down, across month ends', () => {
    expect(dayAfterKey('2026-11-28', 'ArrowDown', true)).toBe('2026-12-05');
    expect(dayAfterKey('2026-11-03', 'ArrowUp', true)).toBe('2026-10-27');
  });

  it('jumps to the Sunday and Saturday of the week with Home and End, and ignores other keys', () => {
    expect(dayAfterKey('2026-11-25', 'Home', true)).toBe('2026-11-22');
    expect(dayAfterKey('2026-11-25', 'End', true)).toBe('2026-11-28');
    expect(dayAfterKey('2026-11-25', 'Enter', true)).toBeNull();
  });
});
