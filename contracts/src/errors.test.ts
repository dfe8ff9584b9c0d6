import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, errorIssuesOf, setHebrewZodMessages } from './errors';

describe('error body', () => {
  it('is message and code, with optional issues', () => {
    expect(ErrorBody.parse({ message: 'העסקה נעולה', code: 'TRADE_LOCKED' })).toEqual({
      message: 'העסקה נעולה',
      code: 'TRADE_LOCKED',
    });
    const withIssues = {
      message: 'קלט לא תקין',
      code: 'VALIDATION_FAILED',
      issues: [{ path: ['symbol'], message: 'שדה חובה' }],
    };
    expect(ErrorBody.parse(withIssues)).toEqual(withIssues);
  });

  it('refuses a body without a code', () => {
    expect(ErrorBody.safeParse({ message: 'x' }).success).toBe(false);
  });

  it("lists a zod error's issues by path", () => {
    const failed = z.object({ items: z.array(z.string()) }).safeParse({ items: ['a', 3] });
    expect(errorIssuesOf(failed.error!)).toEqual([{ path: ['items', 1], message: expect.any(String) }]);
  });
});

describe('Hebrew zod messages', () => {
  it("replace zod's English defaults once switched on", () => {
    setHebrewZodMessages();
    const message = z.object({ count: z.number() }).safeParse({ count: 'x' }).error?.issues[0]?.message ?? '';
    expect(message).toMatch(/[\u0590-\u05FF]/);
  });
});
