import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf } from './contractAnswer';

const deletedAnswer = { id: '0b9a3f57-3c1e-4d8e-9a55-5f1f4f0c2a11', deleted: true };

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('answerOf', () => {
  it('given a development or test build, when the answer matches its contract, then it reads the parsed answer', async () => {
    const read = await answerOf('TradeDeleted')({ ...deletedAnswer, extra: 'dropped' });
    expect(read).toEqual(deletedAnswer);
  });

  it('given a development or test build, when the answer drifted from its contract, then it refuses it', async () => {
    await expect(answerOf('TradeDeleted')({ id: deletedAnswer.id, deleted: 'yes' })).rejects.toThrow();
    await expect(answerOf('DailyAggregateList')([{ date: '2026-11-22', netR: 'lots' }])).rejects.toThrow();
  });

  it('given a production build, when an answer comes, then it is read as it came, without parsing', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const answer = { ...deletedAnswer, extra: 'kept' };
    // The same object: nothing parsed it (a zod parse answers a new object without the unknown key).
    expect(await answerOf('TradeDeleted')(answer)).toBe(answer);
  });
});
