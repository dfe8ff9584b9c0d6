import { describe, expect, it } from 'vitest';
import { deviceNameOf } from './device-name';

describe('device names', () => {
  it('names a desktop browser with its system', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
    expect(deviceNameOf(chrome)).toBe('Chrome על Windows');
  });

  it('names a phone browser with its system', () => {
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    expect(deviceNameOf(safari)).toBe('Mobile Safari על iOS');
  });

  it('falls back to an unknown device without a user agent', () => {
    expect(deviceNameOf(undefined)).toBe('מכשיר לא מזוהה');
    expect(deviceNameOf('curl/8.0')).toBe('מכשיר לא מזוהה');
  });
});
