import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

// Answers are written by a serialiser compiled once per route from the JSON Schema of the same zod contract
// (fast-json-stringify), instead of being parsed by zod and then JSON.stringify'd on every answer. A contract
// JSON Schema cannot express (a transform, a refinement over the whole value) keeps zod's serialiser. With
// `checked` (every test run) each answer goes through both and any difference is thrown, so the whole API
// test suite is also the proof that the contracts and the compiled serialisers agree.

type Serialize = (data: unknown) => string;

export class SerialiserDisagreement extends Error {
  constructor(route: string, zodAnswer: string, compiledAnswer: string) {
    super(`${route}: the compiled serialiser wrote ${compiledAnswer}, the contract ${zodAnswer}`);
    this.name = 'SerialiserDisagreement';
  }
}

/** The contract's JSON Schema (what the answer looks like once written), or undefined when it has none. */
export function jsonSchemaOf(schema: ZodType): object | undefined {
  try {
    return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
  } catch {
    return undefined;
  }
}

/** fast-json-stringify for `schema`, or undefined when the contract is not expressible as JSON Schema. */
export function compiledSerialiserOf(schema: ZodType): Serialize | undefined {
  const json = jsonSchemaOf(schema);
  if (!json) return undefined;
  try {
    return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return undefined;
  }
}

/** Fastify's serializer compiler for zod response schemas: compiled where possible, checked in tests. */
export function responseSerializerCompiler(options: {
  checked: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const contract = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const compiled = route.schema instanceof z.ZodType ? compiledSerialiserOf(route.schema) : undefined;
    if (!compiled) return writtenOnceWhenFrozen(contract);
    return writtenOnceWhenFrozen(
      options.checked ? checkedSerialiser(`${route.method} ${route.url}`, contract, compiled) : compiled,
    );
  };
}

/**
 * Writes a frozen answer (one kept by a read cache, which cannot change) once and reuses the text while the
 * answer lives; anything else is written every time.
 */
export function writtenOnceWhenFrozen(serialize: Serialize): Serialize {
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
    let text = written.get(data);
    if (text === undefined) {
      text = serialize(data);
      written.set(data, text);
    }
    return text;
  };
}

/** Writes with `compiled` after checking that `contract` (zod) writes the same value. */
export function checkedSerialiser(route: string, contract: Serialize, compiled: Serialize): Serialize {
  return (data: unknown) => {
    const expected = contract(data);
    const written = compiled(data);
    if (!sameJson(expected, written)) throw new SerialiserDisagreement(route, expected, written);
    return written;
  };
}

/** Same values; key order may differ (the compiled serialiser writes the schema's order). */
function sameJson(a: string, b: string): boolean {
  return JSON.stringify(sorted(JSON.parse(a))) === JSON.stringify(sorted(JSON.parse(b)));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => [key, sorted(inner)]),
  );
}
