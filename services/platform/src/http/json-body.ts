import type { FastifyInstance } from 'fastify';
import { VALIDATION_FAILED_MESSAGE } from './error-handler';
import { badRequest, type ErrorIssue } from './errors';

export const MALFORMED_TEXT_MESSAGE = 'הטקסט מכיל תווים שאינם תקינים';

/** A UTF-16 surrogate standing alone: text no database or UTF-8 writer can keep (paired ones match nothing). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What JSON.parse makes: an object of the Object prototype (or none). A body some other parser left as it was
 * (the proxy's request stream, a Buffer) is not walked: its graph is not JSON and may loop back on itself.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A value met on the walk, with the way back to the root (paths are built only for the one answered). */
interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

function pathOf(visit: Visit): ErrorIssue['path'] {
  const path: ErrorIssue['path'] = [];
  for (let step: Visit | undefined = visit; step?.key !== undefined; step = step.parent) path.push(step.key);
  return path.reverse();
}

/**
 * Where in a parsed JSON value the first string or key that is not well-formed Unicode is, if anywhere.
 * Walks with its own stack, so a deeply nested body cannot overflow the call stack; only arrays and plain
 * objects are entered.
 */
export function malformedTextPath(value: unknown): ErrorIssue['path'] | undefined {
  const pending: Visit[] = [{ value }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index], key: index, parent: visit });
      }
    } else if (isPlainObject(current)) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] as [string, unknown];
        if (LONE_SURROGATE.test(key)) return [...pathOf(visit), key];
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before validation, a parsed body with a string or key that is not well-formed Unicode. A lone
 * surrogate (`"\ud800"`) is valid JSON, but PostgreSQL refuses it in `jsonb`: here it is a 400 naming the field
 * instead of a 500 at the append. A hook rather than a body parser, so plugins with their own parsers (the
 * gateway's proxy passes bodies on unparsed) keep theirs; the service behind the proxy checks again.
 */
export function refuseMalformedText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const path = malformedTextPath(request.body);
    if (path) {
      throw badRequest('VALIDATION_FAILED', VALIDATION_FAILED_MESSAGE, [
        { path, message: MALFORMED_TEXT_MESSAGE },
      ]);
    }
  });
}
