import { DailyAggregateList, TradeList } from '@yoman/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkedSerialiser,
  compiledSerialiserOf,
  responseSerializerCompiler,
  SerialiserDisagreement,
} from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/example', httpStatus: '200' });

const Answer = z.object({
  id: z.string(),
  count: z.number().int(),
  ratio: z.number(),
  note: z.string().nullable(),
  side: z.enum(['long', 'short']),
  tags: z.array(z.object({ name: z.string(), weight: z.number().optional() })),
  when: z.iso.datetime(),
});

const answers = fc.record({
  id: fc.string(),
  count: fc.integer(),
  ratio: fc.double({ noNaN: true, noDefaultInfinity: true }),
  note: fc.option(fc.string(), { nil: null }),
  side: fc.constantFrom('long' as const, 'short' as const),
  tags: fc.array(fc.record({ name: fc.string(), weight: fc.option(fc.integer(), { nil: undefined }) })),
  when: fc
    .date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2100-01-01') })
    .map((date) => date.toISOString()),
});

describe('the compiled response serialiser', () => {
  it('writes what the contract writes, for any answer the contract accepts', () => {
    const compiled = compiledSerialiserOf(Answer)!;
    expect(compiled).toBeDefined();
    fc.assert(
      fc.property(answers, (answer) => {
        expect(JSON.parse(compiled(answer))).toEqual(JSON.parse(JSON.stringify(Answer.parse(answer))));
      }),
    );
  });

  it('leaves out what the contract does not declare, as zod does', () => {
    const compiled = compiledSerialiserOf(z.object({ id: z.string() }))!;
    expect(compiled({ id: 'a', userId: 'secret' })).toBe('{"id":"a"}');
  });

  it('compiles the busiest answers: the calendar month and the trades list', () => {
    expect(compiledSerialiserOf(DailyAggregateList)).toBeDefined();
    expect(compiledSerialiserOf(TradeList)).toBeDefined();
  });

  it('keeps zod for a contract JSON Schema cannot express', () => {
    const dated = z.object({ at: z.date() });
    expect(compiledSerialiserOf(dated)).toBeUndefined();
    const serialise = responseSerializerCompiler({ checked: false })(route(dated)) as (
      data: unknown,
    ) => string;
    expect(serialise({ at: new Date('2026-01-05T09:00:00Z') })).toBe('{"at":"2026-01-05T09:00:00.000Z"}');
  });

  it('refuses, when checked, an answer the contract refuses', () => {
    const serialise = responseSerializerCompiler({ checked: true })(route(Answer)) as (
      data: unknown,
    ) => string;
    expect(() => serialise({ id: 'a', count: '3' })).toThrow();
  });

  it('throws, naming the route, when the two serialisers disagree; not for another key order', () => {
    const contract = (data: unknown) => JSON.stringify(data);
    const serialise = checkedSerialiser('GET /api/x', contract, () => '{"id":"b"}');
    expect(() => serialise({ id: 'a' })).toThrow(SerialiserDisagreement);
    expect(() => serialise({ id: 'a' })).toThrow(/GET \/api\/x/);
    const reordered = checkedSerialiser('GET /api/x', contract, () => '{"b":2,"a":1}');
    expect(reordered({ a: 1, b: 2 })).toBe('{"b":2,"a":1}');
  });
});
