import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { arbitraryFor, fieldsOf } from './body-arbitrary';

export interface FuzzRouteOptions {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  /** The route's body schema; bodies are generated from its shape, then mutated. */
  bodySchema?: z.ZodType;
  numRuns?: number;
  /** Fixes fast-check's seed, to replay a failure it reported. */
  seed?: number;
  /** Sent with every request (e.g. the session cookie); a function is called per request. */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
}

interface FuzzCase {
  payload?: string;
  contentType?: string;
  query?: string;
}

const HUGE_STRING = 'ש'.repeat(300_000);
const OVERSIZED_STRING = 'x'.repeat(1_200_000);
const BODILESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

function withField(body: unknown, field: string, value: unknown): unknown {
  const base = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return { ...base, [field]: value };
}

function withoutField(body: unknown, field: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { [field]: _removed, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** Generated bodies, and the same bodies broken: wrong types, missing fields, huge or odd text, junk. */
function bodyCases(schema: z.ZodType | undefined): fc.Arbitrary<FuzzCase> {
  const generated = schema ? arbitraryFor(schema) : fc.jsonValue({ maxDepth: 3 });
  const fields = fieldsOf(schema);
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.string({ minLength: 1, maxLength: 12 });
  const wrongType = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('', ' ', '\u0000', -0, -1, 1e308, 2 ** 53 + 1, true, null),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
  );
  const oddText = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.constant('\u202e\u05e9\ud800'));
  const mutate = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(generated, field, value).map(([body, name, replacement]) => withField(body, name, replacement));
  const json = fc.oneof(
    { weight: 3, arbitrary: generated },
    { weight: 2, arbitrary: mutate(wrongType) },
    { weight: 2, arbitrary: fc.tuple(generated, field).map(([body, name]) => withoutField(body, name)) },
    { weight: 1, arbitrary: mutate(fc.constantFrom(HUGE_STRING, OVERSIZED_STRING)) },
    { weight: 1, arbitrary: mutate(oddText) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 8 }) },
  );
  return fc.oneof(
    {
      weight: 8,
      arbitrary: json.map((body) => ({
        payload: JSON.stringify(body) ?? 'null',
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 80 })
        .map((text) => ({ payload: `{${text}`, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
        )
        .map(([payload, contentType]) => ({ payload, contentType })),
    },
  );
}

function queryCases(): fc.Arbitrary<FuzzCase> {
  return fc
    .dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 40 }), {
      maxKeys: 4,
    })
    .map((params) => ({ query: new URLSearchParams(params).toString() }));
}

/**
 * Sends `numRuns` generated and mutated requests to one route and fails on the first 5xx, naming the request.
 * Returns how often each status was answered, so a test can also check that some requests succeeded.
 */
export async function fuzzRoute(
  app: FastifyInstance,
  options: FuzzRouteOptions,
): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const cases =
    BODILESS.has(options.method) && !options.bodySchema ? queryCases() : bodyCases(options.bodySchema);
  let firstFailure: string | undefined;
  const details = await fc.check(
    fc.asyncProperty(cases, async (fuzzCase) => {
      const headers =
        typeof options.headers === 'function' ? await options.headers() : (options.headers ?? {});
      const separator = options.url.includes('?') ? '&' : '?';
      const url = fuzzCase.query ? `${options.url}${separator}${fuzzCase.query}` : options.url;
      const response = await app.inject({
        method: options.method,
        url,
        headers: fuzzCase.contentType ? { ...headers, 'content-type': fuzzCase.contentType } : headers,
        payload: fuzzCase.payload,
      });
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      if (response.statusCode < 500) return true;
      const sent = fuzzCase.payload === undefined ? url : `${fuzzCase.contentType} ${fuzzCase.payload}`;
      firstFailure ??= `${options.method} ${options.url} answered ${response.statusCode} to ${sent.slice(0, 200)}`;
      return false;
    }),
    { numRuns: options.numRuns ?? 200, seed: options.seed },
  );
  if (details.failed) {
    // fast-check's own report would print the whole (possibly megabyte-long) counterexample.
    const thrown = details.errorInstance instanceof Error ? details.errorInstance.message : 'a request threw';
    throw new Error(`${firstFailure ?? thrown} (replay with seed ${details.seed})`);
  }
  return statuses;
}
