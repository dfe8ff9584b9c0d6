import { describe, expect, it } from 'vitest';
import { nextTask } from './nextTask';

describe('nextTask', () => {
  it('given a timer queued before it, when awaited, then that task has run first (a new task, not a microtask)', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'));
    queueMicrotask(() => order.push('microtask'));

    await nextTask();
    order.push('after nextTask');

    expect(order).toEqual(['microtask', 'task queued before', 'after nextTask']);
  });

  it('given work after it, when awaited, then that work waits for a task queued meanwhile by the work before', async () => {
    const order: string[] = [];
    const first = (async () => {
      order.push('step 1');
      setTimeout(() => order.push('input handled between the steps'));
      await nextTask();
      order.push('step 2');
    })();

    await first;

    expect(order).toEqual(['step 1', 'input handled between the steps', 'step 2']);
  });
});
