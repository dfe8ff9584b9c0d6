import { DomainError } from '../domain-error';

// Half of a UTF-16 surrogate pair without its other half: UTF-8 cannot hold it, so jsonb refuses it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isStorable = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** The path of the first key or text in `value` that PostgreSQL cannot store (U+0000, a lone surrogate). */
export function unstorableTextIn(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return isStorable(value) ? undefined : path;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorable(key)) return [...path, key];
    const found = unstorableTextIn(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses events holding text the events table cannot store, before anything is written: a command's own
 * validation should have refused it, so this is the last line, and it names the field (400, not a 500).
 */
export function assertStorableEvents(events: readonly { data: unknown; metadata?: unknown }[]): void {
  for (const event of events) {
    const path = unstorableTextIn(event.data) ?? unstorableTextIn(event.metadata);
    if (path) {
      throw DomainError.invalidInput('INVALID_CHARACTERS', 'הטקסט מכיל תווים שאינם תקינים', path.at(-1));
    }
  }
}
