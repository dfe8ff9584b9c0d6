import { describe, expect, it } from 'vitest';
import { RoleArgumentError, roleFromArgv } from './process-role';

describe('roleFromArgv', () => {
  it('is all when no role is given', () => {
    expect(roleFromArgv([])).toBe('all');
    expect(roleFromArgv(['--verbose'])).toBe('all');
  });

  it('reads --role NAME and --role=NAME', () => {
    expect(roleFromArgv(['--role', 'api'])).toBe('api');
    expect(roleFromArgv(['--role=projector'])).toBe('projector');
    expect(roleFromArgv(['--role', 'worker'])).toBe('worker');
  });

  it('refuses an unknown or missing role with one line naming the roles', () => {
    expect(() => roleFromArgv(['--role', 'gateway'])).toThrow(RoleArgumentError);
    expect(() => roleFromArgv(['--role'])).toThrow(
      /^Unknown role "": --role must be one of all, api, projector, worker$/,
    );
    expect(() => roleFromArgv(['--role=API'])).toThrow('Unknown role "API"');
  });
});
