import fc from 'fast-check';
import type { z } from 'zod';

const MAX_GENERATED_STRING = 200;

interface ZodDefinition {
  type: string;
  format?: string;
  checks?: {
    _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; format?: string } };
  }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  in?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDefinition } })._zod.def;

/** The bounds a schema's checks declare (`min`, `max`, `length`), for generating values inside them. */
function boundsOf(definition: ZodDefinition) {
  let min: number | undefined;
  let max: number | undefined;
  for (const check of definition.checks ?? []) {
    const { check: kind, minimum, maximum, value } = check._zod.def;
    if (kind === 'min_length' || kind === 'greater_than') min = minimum ?? value ?? min;
    if (kind === 'max_length' || kind === 'less_than') max = maximum ?? value ?? max;
    if (kind === 'length_equals') min = max = value ?? min;
  }
  return { min, max };
}

function stringArbitrary(definition: ZodDefinition): fc.Arbitrary<string> {
  switch (definition.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'datetime':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'url':
      return fc.webUrl();
  }
  const { min, max } = boundsOf(definition);
  const minLength = Math.min(min ?? 0, MAX_GENERATED_STRING);
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(max ?? 40, MAX_GENERATED_STRING)) });
}

function numberArbitrary(definition: ZodDefinition): fc.Arbitrary<number> {
  const { min, max } = boundsOf(definition);
  const formats = [definition.format, ...(definition.checks ?? []).map((check) => check._zod.def.format)];
  if (formats.some((format) => format && /int/.test(format))) {
    return fc.integer({ min: Math.ceil(min ?? -1_000_000), max: Math.floor(max ?? 1_000_000) });
  }
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** Values shaped like `schema` (valid or nearly so) for the common zod types; anything JSON for the rest. */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const definition = definitionOf(schema);
  if (depth > 6) return fc.jsonValue({ maxDepth: 1 });
  const inner = (next: z.ZodType | undefined) => (next ? arbitraryFor(next, depth + 1) : fc.jsonValue());
  switch (definition.type) {
    case 'string':
      return stringArbitrary(definition);
    case 'number':
      return numberArbitrary(definition);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(definition.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(definition.values ?? [null]));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(inner(definition.innerType), { nil: undefined });
    case 'nullable':
      return fc.option(inner(definition.innerType), { nil: null });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(definition.innerType);
    case 'pipe':
      return inner(definition.in);
    case 'array':
      return fc.array(inner(definition.element), { maxLength: 5 });
    case 'tuple':
      return fc.tuple(...(definition.items ?? []).map((item) => arbitraryFor(item, depth + 1)));
    case 'union':
      return fc.oneof(...(definition.options ?? []).map((option) => arbitraryFor(option, depth + 1)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(definition.valueType), { maxKeys: 5 });
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(definition.shape ?? {}).map(([key, field]) => [key, arbitraryFor(field, depth + 1)]),
        ),
      );
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

/** The top-level field names of an object schema (empty for anything else). */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const definition = definitionOf(schema);
  if (definition.type === 'object') return Object.keys(definition.shape ?? {});
  if (definition.type === 'pipe' && definition.in) return fieldsOf(definition.in);
  return [];
}
