import { describe, expect, it } from 'vitest';
import { settlesWithin } from './settles-within';

const after = <T>(ms: number, outcome: () => T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(outcome()), ms));

describe('settlesWithin', () => {
  it('answers true for work that resolves in time', async () => {
    expect(
      await settlesWithin(
        after(5, () => 'done'),
        200,
      ),
    ).toBe(true);
  });

  it('answers true for work that fails in time, without rethrowing', async () => {
    expect(await settlesWithin(Promise.reject(new Error('gone')), 200)).toBe(true);
  });

  it('answers false at the bound for work that never settles', async () => {
    const started = Date.now();
    expect(await settlesWithin(new Promise(() => {}), 50)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
