import { describe, expect, it } from 'vitest';
import { answersCache } from './answers-cache';

describe('the answers cache', () => {
  it('computes an answer once per key', async () => {
    const cache = answersCache(10);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
  });

  it('drops the oldest answer past its capacity', async () => {
    const cache = answersCache(2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'again')).toBe('again');
  });

  it('does not keep a failed computation', async () => {
    const cache = answersCache(2);
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', async () => 'ok')).toBe('ok');
  });
});
