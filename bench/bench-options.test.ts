import { describe, expect, it } from 'vitest';
import { connectionsOf, DEFAULT_CONNECTIONS } from './bench-options';

describe('the bench connections option', () => {
  it('is ten when not given, as issue 14 measures', () => {
    expect(connectionsOf(['--modes-only'])).toBe(DEFAULT_CONNECTIONS);
    expect(DEFAULT_CONNECTIONS).toBe(10);
  });

  it('takes the count after the flag or after an equals sign, beside other flags', () => {
    expect(connectionsOf(['--modes-only', '--connections', '40'])).toBe(40);
    expect(connectionsOf(['--connections=1', '--quick'])).toBe(1);
  });

  it('refuses a count that is missing, not whole, zero or above 1000, naming what it was given', () => {
    expect(() => connectionsOf(['--connections'])).toThrow(/whole number from 1 to 1000, not ""/);
    expect(() => connectionsOf(['--connections', '--quick'])).toThrow(/not "--quick"/);
    expect(() => connectionsOf(['--connections=2.5'])).toThrow(/not "2.5"/);
    expect(() => connectionsOf(['--connections', '0'])).toThrow(/not "0"/);
    expect(() => connectionsOf(['--connections', '1001'])).toThrow(/not "1001"/);
  });
});
