import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shared, sharedChunkNameOf } from '../../../ui/federation-shared.mjs';
import { sharedOption } from './federationHost';
import { SHARED_LIBRARIES } from './sharedLibraries';

const versions = Object.fromEntries(
  Object.keys(shared).map((name) => [name, { version: '1.0.0', requiredVersion: '^1.0.0' }]),
);

describe('the libraries the shell offers the remotes', () => {
  it('are exactly the ones the remotes are built to consume (ui/federation-shared.mjs)', () => {
    expect(Object.keys(SHARED_LIBRARIES).sort()).toEqual(Object.keys(shared).sort());
  });

  it('each load as the chunk the build preloads for a screen that consumes it (sharedChunkNameOf)', () => {
    const source = readFileSync('shell/src/remotes/sharedLibraries.ts', 'utf8');
    const named = new Map(
      [...source.matchAll(/import\(\s*\/\* webpackChunkName: "([^"]+)" \*\/\s*'([^']+)'\s*\)/gu)].map(
        (match) => [match[2], match[1]],
      ),
    );
    for (const library of Object.keys(SHARED_LIBRARIES)) {
      expect(named.get(library), library).toBe(sharedChunkNameOf(library));
    }
  });

  it("are offered as singletons with the build's versions, each the shell's own instance", async () => {
    const option = sharedOption(versions);
    expect(option.react).toMatchObject({
      version: '1.0.0',
      shareConfig: { singleton: true, requiredVersion: '^1.0.0' },
    });
    const factory = await option.reselect?.get();
    expect(factory?.()).toBe(await import('reselect'));
  });

  it('refuses to start without a version for every library', () => {
    const { react: _react, ...withoutReact } = versions;
    expect(() => sharedOption(withoutReact)).toThrow('react');
  });
});
