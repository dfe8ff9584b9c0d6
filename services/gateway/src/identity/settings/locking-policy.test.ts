import { DEFAULT_LOCKING_POLICY } from '@yoman/contracts';
import { describe, expect, it } from 'vitest';
import { lockingPolicyOf } from './locking-policy';

describe('locking policy shown in settings', () => {
  it('is the 24-hour default for a user without an organisation', () => {
    expect(lockingPolicyOf(null)).toEqual(DEFAULT_LOCKING_POLICY);
  });

  it('reads the same as the default for an organisation that kept the defaults', () => {
    expect(lockingPolicyOf({ tradeLockHours: 24, weekendLocking: true })).toEqual(DEFAULT_LOCKING_POLICY);
  });

  it('names the hours and the weekend exception a mentor chose', () => {
    const policy = lockingPolicyOf({ tradeLockHours: 48, weekendLocking: false });
    expect(policy).toMatchObject({ tradeLockHours: 48, weekendLocking: false });
    expect(policy.description).toContain('48 שעות');
    expect(policy.description).toContain('סוף השבוע');
  });
});
