import { describe, expect, it } from 'vitest';
import { isLastActiveStale, isSessionAlive } from './lifetime';

const login = new Date('2026-01-01T10:00:00Z');
const days = (count: number) => new Date(login.getTime() + count * 86_400_000);
const session = { lastActiveAt: login, expiresAt: days(30), revokedAt: null };

describe('session lifetime', () => {
  it('keeps a session used within the idle lifetime', () => {
    expect(isSessionAlive(session, days(6.9))).toBe(true);
  });

  it('refuses a session idle for seven days', () => {
    expect(isSessionAlive(session, days(7))).toBe(false);
  });

  it('refuses an active session past its absolute lifetime', () => {
    expect(isSessionAlive({ ...session, lastActiveAt: days(29.9) }, days(30))).toBe(false);
  });

  it('refuses a revoked session at once', () => {
    expect(isSessionAlive({ ...session, revokedAt: login }, login)).toBe(false);
  });

  it('rewrites last activity only after a minute', () => {
    expect(isLastActiveStale(login, new Date(login.getTime() + 59_000))).toBe(false);
    expect(isLastActiveStale(login, new Date(login.getTime() + 60_000))).toBe(true);
  });
});
