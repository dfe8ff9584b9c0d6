import fc from 'fast-check';
import type { z } from 'zod';

// Values over the whole input space of a contract's schema: mostly plausible (so that commands succeed and
// their events reach every projection), and at every leaf now and then the hostile ones: dates no calendar
// holds, offsets past ±15:59, U+0000 and lone surrogates, huge and tiny numbers, wrong types.

interface Definition {
  type: string;
  format?: string;
  coerce?: boolean;
  pattern?: RegExp;
  checks?: {
    _zod: { def: { check: string; format?: string; pattern?: RegExp; minimum?: number; maximum?: number } };
  }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** Where plausible times cluster: the days before the test clock's `now`, so that trades can be logged. */
export interface HostileContext {
  now: () => Date;
  /** Ids answered so far (trades, devices …): a path id is often one of them. */
  knownIds: () => readonly string[];
}

const HOUR = 3_600_000;
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

const HOSTILE_INSTANTS = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-15:59',
  '2026-01-01T00:00:00-16:34',
  '2026-01-01T00:00:00+15:59',
  '2026-01-01T00:00:00+23:59',
  '2026-02-30T10:00:00Z',
  '2026-03-10T24:00:00Z',
  '2026-03-10T10:00:00.123456789Z',
  '2026-03-10T10:00:00',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '',
];
const HOSTILE_DAYS = [
  '0000-06-05',
  '1969-12-31',
  '1970-01-01',
  '9999-12-31',
  '10000-01-01',
  '2026-02-30',
  '2026-13-01',
];
const HOSTILE_TEXTS = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'a\udfffb',
  'x\ud83d',
  '\u202e\u05e9\u200f',
  '\u0001\u001f\u007f',
  '\t\n\r',
  '😀📈',
  'ש'.repeat(6000),
  ' ',
];
const PLAUSIBLE_TEXTS = [
  'EURUSD',
  'eur/usd',
  'GBPJPY',
  'EURGBP',
  'BTC/USDT',
  'XAUUSD',
  'ES',
  'NQ',
  'ZN',
  'AAPL',
  '1.1050',
  '0.00000001',
  '65000',
  "110'16",
  'כניסה על פריצה',
  'note',
];
const HOSTILE_NUMBERS = [0, -0, -1, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 1e-9, 123456789012345.67, 0.1 + 0.2];

const wrongType = fc.oneof(
  fc.constantFrom(null, true, 42, -1, [], {}),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

type Mode = 'plausible' | 'hostile';

function boundsOf(definition: Definition) {
  let min: number | undefined;
  let max: number | undefined;
  for (const check of definition.checks ?? []) {
    const {
      check: kind,
      minimum,
      maximum,
    } = check._zod.def as { check: string; minimum?: number; maximum?: number };
    if (kind === 'greater_than') min = minimum ?? min;
    if (kind === 'less_than') max = maximum ?? max;
  }
  return { min, max };
}

function instantArbitrary(context: HostileContext, mode: Mode) {
  if (mode === 'hostile') {
    const anyYear = (min: Date, max: Date) =>
      fc.date({ min, max, noInvalidDate: true }).map((date) => date.toISOString());
    return fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_INSTANTS) },
      { weight: 2, arbitrary: anyYear(new Date('0000-01-01T00:00:00Z'), new Date('1970-01-01T00:00:00Z')) },
      { weight: 1, arbitrary: anyYear(context.now(), new Date('9999-12-31T23:59:59Z')) },
      { weight: 1, arbitrary: anyYear(new Date(-8.64e15), new Date(8.64e15)) },
      { weight: 1, arbitrary: wrongType },
    );
  }
  // Mostly within the day (a trade still open to edits), sometimes weeks back (logged late, locked at once).
  return fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: -20, max: 0 }) },
        fc.integer({ min: -40 * 24, max: 0 }),
      ),
      fc.integer({ min: 0, max: 59 }),
      fc.constantFrom('Z', '+02:00', '-05:00'),
    )
    .map(([hours, minutes, zone]) => {
      const instant = new Date(context.now().getTime() + hours * HOUR - minutes * 60_000);
      if (zone === 'Z') return instant.toISOString();
      const shift = zone === '+02:00' ? 2 : -5;
      return `${new Date(instant.getTime() + shift * HOUR).toISOString().slice(0, 19)}${zone}`;
    });
}

function dayArbitrary(context: HostileContext, mode: Mode) {
  if (mode === 'hostile') {
    return fc.oneof(fc.constantFrom(...HOSTILE_DAYS), fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/), wrongType);
  }
  return fc
    .integer({ min: -60, max: 5 })
    .map((days) => new Date(context.now().getTime() + days * 24 * HOUR).toISOString().slice(0, 10));
}

const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXTS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  wrongType,
);

function stringArbitrary(definition: Definition, context: HostileContext, mode: Mode): fc.Arbitrary<unknown> {
  const formats = [definition.format, ...(definition.checks ?? []).map((check) => check._zod.def.format)];
  if (formats.includes('datetime')) return instantArbitrary(context, mode);
  const pattern = (definition.checks ?? []).map((check) => check._zod.def.pattern).find(Boolean);
  if (pattern?.source === DAY_PATTERN) return dayArbitrary(context, mode);
  if (mode === 'hostile')
    return formats.includes('uuid') ? fc.oneof(hostileText, fc.constant('x'.repeat(5000))) : hostileText;
  if (formats.includes('email')) return fc.emailAddress();
  if (formats.includes('uuid') || formats.includes('guid')) {
    const ids = context.knownIds();
    return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...PLAUSIBLE_TEXTS) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z0-9]{3,12}$/) },
    ...(pattern ? [{ weight: 2, arbitrary: fc.stringMatching(pattern) }] : []),
  );
}

function numberArbitrary(definition: Definition, mode: Mode): fc.Arbitrary<unknown> {
  const formats = [definition.format, ...(definition.checks ?? []).map((check) => check._zod.def.format)];
  const { min, max } = boundsOf(definition);
  const number =
    mode === 'hostile'
      ? fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.double(), wrongType)
      : formats.some((format) => format && /int/.test(format)) || min !== undefined
        ? fc.integer({ min: Math.ceil(min ?? 0), max: Math.floor(max ?? Math.max(200, (min ?? 0) + 200)) })
        : fc.oneof(
            fc.integer({ min: 1, max: 200_000 }).map((cents) => cents / 100),
            fc.integer({ min: 1, max: 50 }),
          );
  return definition.coerce
    ? number.map((value) => (typeof value === 'number' ? String(value) : value))
    : number;
}

const CANDIDATES = 8;

/** Of a few generated values, one `schema` accepts (else the first): valid input, still of every shape. */
function acceptedBy(schema: z.ZodType, values: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .array(values, { minLength: CANDIDATES, maxLength: CANDIDATES })
    .map(
      (candidates) => candidates.find((candidate) => schema.safeParse(candidate).success) ?? candidates[0],
    );
}

function walk(schema: z.ZodType, context: HostileContext, mode: Mode, depth: number): fc.Arbitrary<unknown> {
  const definition = definitionOf(schema);
  if (depth > 6) return fc.jsonValue({ maxDepth: 1 });
  const inner = (next: z.ZodType | undefined) =>
    next ? walk(next, context, mode, depth + 1) : fc.jsonValue();
  const hostile = mode === 'hostile';
  switch (definition.type) {
    case 'string':
      return stringArbitrary(definition, context, mode);
    case 'number':
      return numberArbitrary(definition, mode);
    case 'boolean':
      return hostile ? wrongType : fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return hostile ? wrongType : fc.constantFrom(...Object.values(definition.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(definition.values ?? [null]));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(fc.constant(undefined), inner(definition.innerType));
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(definition.innerType));
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(definition.innerType);
    case 'pipe':
      // z.preprocess is a pipe from a transform: the schema after it says what may be sent.
      return inner(
        definition.in && definitionOf(definition.in).type === 'transform' ? definition.out : definition.in,
      );
    case 'array':
      return fc.array(inner(definition.element), { maxLength: 4 });
    case 'union':
      return fc.oneof(...(definition.options ?? []).map((option) => walk(option, context, mode, depth + 1)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(definition.valueType), { maxKeys: 3 });
    case 'object':
      return objectArbitrary(definition.shape ?? {}, context, mode, depth);
    default:
      return hostile ? fc.jsonValue({ maxDepth: 2 }) : fc.jsonValue({ maxDepth: 1 });
  }
}

/** How often a field is the hostile one: times and days most (the bounds that matter), then texts. */
function riskOf(field: z.ZodType, depth = 0): number {
  const definition = definitionOf(field);
  const next = definition.innerType ?? definition.in ?? definition.element;
  if (next && depth < 6) return riskOf(next, depth + 1);
  if (definition.type === 'union') {
    return Math.max(...(definition.options ?? []).map((option) => riskOf(option, depth + 1)));
  }
  if (definition.type !== 'string') return 1;
  const formats = [definition.format, ...(definition.checks ?? []).map((check) => check._zod.def.format)];
  const pattern = (definition.checks ?? []).map((check) => check._zod.def.pattern).find(Boolean);
  return formats.includes('datetime') || pattern?.source === DAY_PATTERN ? 6 : 2;
}

/**
 * An object whose fields its schema accepts; in hostile mode one of them, chosen at random, is hostile, so the
 * bad value reaches as far into the command as the others let it.
 */
function objectArbitrary(
  shape: Record<string, z.ZodType>,
  context: HostileContext,
  mode: Mode,
  depth: number,
): fc.Arbitrary<unknown> {
  const fields = Object.entries(shape);
  const valid = (field: z.ZodType) => acceptedBy(field, walk(field, context, 'plausible', depth + 1));
  if (mode === 'plausible' || fields.length === 0) {
    return fc.record(Object.fromEntries(fields.map(([key, field]) => [key, valid(field)])));
  }
  const chosen = fc.oneof(
    ...fields.map(([, field], index) => ({ weight: riskOf(field), arbitrary: fc.constant(index) })),
  );
  return chosen.chain((hostileIndex) =>
    fc.record(
      Object.fromEntries(
        fields.map(([key, field], index) => [
          key,
          index === hostileIndex ? walk(field, context, 'hostile', depth + 1) : valid(field),
        ]),
      ),
    ),
  );
}

/**
 * Values for `schema` over its whole input space: half of them valid by the contract (so commands succeed and
 * their events reach the projections), half with hostile fields among valid ones.
 */
export function hostileValueOf(schema: z.ZodType, context: HostileContext): fc.Arbitrary<unknown> {
  return fc.oneof(
    acceptedBy(schema, walk(schema, context, 'plausible', 0)),
    walk(schema, context, 'hostile', 0),
  );
}
/** A query string for `schema`: each generated field as text, as a browser would send it. */
export function hostileQueryOf(schema: z.ZodType | undefined, context: HostileContext): fc.Arbitrary<string> {
  if (!schema) return fc.constant('');
  return hostileValueOf(schema, context).map((value) => {
    const params = new URLSearchParams();
    if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (item !== undefined && item !== null)
          params.set(key, typeof item === 'string' ? item : JSON.stringify(item));
      }
    }
    return params.toString();
  });
}
