import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWakeablePause } from './wakeable-pause';

describe('a wakeable pause', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sleeps its time when nobody wakes it', async () => {
    const pause = createWakeablePause();
    let done = false;
    void pause.for(100).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('ends a sleep at once when woken', async () => {
    const pause = createWakeablePause();
    const sleeping = pause.for(10_000);
    pause.wake();
    await sleeping;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps a wake that came while nobody slept for the next sleep only', async () => {
    const pause = createWakeablePause();
    pause.wake();
    await pause.for(10_000);
    let done = false;
    void pause.for(100).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(done).toBe(false);
  });
});
