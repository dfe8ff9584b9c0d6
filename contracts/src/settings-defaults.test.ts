import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISPLAY_SETTINGS,
  DEFAULT_INTEGRATION_SETTINGS,
  DEFAULT_LOCKING_POLICY,
  DEFAULT_SHARING_SETTINGS,
} from './constants';
import {
  displaySettingsSchema,
  integrationSettingsSchema,
  lockingPolicySchema,
  sharingSettingsSchema,
} from './identity';

describe('settings defaults', () => {
  it("fit the identity module's settings sections", () => {
    expect(displaySettingsSchema.parse(DEFAULT_DISPLAY_SETTINGS)).toEqual(DEFAULT_DISPLAY_SETTINGS);
    expect(sharingSettingsSchema.parse(DEFAULT_SHARING_SETTINGS)).toEqual(DEFAULT_SHARING_SETTINGS);
    expect(integrationSettingsSchema.parse(DEFAULT_INTEGRATION_SETTINGS)).toEqual(
      DEFAULT_INTEGRATION_SETTINGS,
    );
    expect(lockingPolicySchema.parse(DEFAULT_LOCKING_POLICY)).toEqual(DEFAULT_LOCKING_POLICY);
  });
});
