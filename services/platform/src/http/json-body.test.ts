import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { malformedTextPath } from './json-body';

/** JSON values whose every string and key is well-formed: paired surrogates (emoji), Hebrew, anything else. */
const wellFormedJson = fc.jsonValue({ maxDepth: 4 });
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** `value` with the string at `path` replaced. */
function withStringAt(value: unknown, path: (string | number)[], text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? withStringAt(item, rest, text) : item));
  const object = value as Record<string, unknown>;
  return { ...object, [head]: withStringAt(object[head], rest, text) };
}

/** Every path to a string leaf of a JSON value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

describe('finding text that is not well-formed Unicode in a JSON body', () => {
  it('given well-formed text everywhere, when checked, then nothing is found', () => {
    fc.assert(
      fc.property(wellFormedJson, (value) => {
        expect(malformedTextPath(value)).toBeUndefined();
      }),
    );
    expect(malformedTextPath({ name: 'דנה 😀', tags: ['\ud83d\ude00'] })).toBeUndefined();
  });

  it('given one lone surrogate in any string, when checked, then its path is answered', () => {
    const withAString = wellFormedJson.filter((value) => stringPaths(value).length > 0);
    fc.assert(
      fc.property(withAString, fc.nat(), loneSurrogate, fc.string(), (value, pick, surrogate, around) => {
        const paths = stringPaths(value);
        const path = paths[pick % paths.length] as (string | number)[];
        const broken = withStringAt(value, path, `${around}${surrogate}`);
        expect(malformedTextPath(broken)).toEqual(path);
      }),
    );
  });

  it('given a lone surrogate in a key, when checked, then the path ends at that key', () => {
    expect(malformedTextPath({ notes: [{ ok: 1, '\udc00': 2 }] })).toEqual(['notes', 0, '\udc00']);
  });

  it('given a body no JSON parser made (a request stream, a Buffer, a loop), when checked, then it is not entered', () => {
    const looped: { self?: unknown; name: string } = { name: '\ud800' };
    looped.self = looped;
    const stream = Object.assign(new PassThrough(), { note: '\ud800' });
    for (const body of [stream, Buffer.from('\ud800'), new Map([['a', '\ud800']]), Object.create(stream)]) {
      expect(malformedTextPath(body)).toBeUndefined();
    }
    expect(malformedTextPath(looped)).toEqual(['name']);
  });

  it('given a body nested 100,000 deep, when checked, then it answers without overflowing the stack', () => {
    let value: unknown = '\ud800';
    for (let depth = 0; depth < 100_000; depth += 1) value = [value];
    expect(malformedTextPath(value)).toHaveLength(100_000);
  });
});
