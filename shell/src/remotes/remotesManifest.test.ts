import { describe, expect, it } from 'vitest';
import { parseRemotesManifest } from './remotesManifest';

const manifestUrl = 'https://yoman.example/remotes-manifest.json';

describe('parseRemotesManifest', () => {
  it("reads the gateway's { remotes } answer and resolves entries against the manifest URL", () => {
    const remotes = parseRemotesManifest(
      {
        remotes: [
          { name: 'journal', entry: '/remotes/journal/mf-manifest.json' },
          { name: 'mentor', entry: 'https://cdn.example/mentor/mf-manifest.json' },
        ],
      },
      manifestUrl,
    );
    expect(remotes).toEqual([
      { name: 'journal', entry: 'https://yoman.example/remotes/journal/mf-manifest.json' },
      { name: 'mentor', entry: 'https://cdn.example/mentor/mf-manifest.json' },
    ]);
  });

  it('accepts a bare list, as a static file on a CDN would hold', () => {
    expect(
      parseRemotesManifest([{ name: 'leagues', entry: 'leagues/mf-manifest.json' }], manifestUrl),
    ).toEqual([{ name: 'leagues', entry: 'https://yoman.example/leagues/mf-manifest.json' }]);
  });

  it('refuses names that cannot be Module Federation containers and entries that are missing', () => {
    expect(() =>
      parseRemotesManifest({ remotes: [{ name: 'mfe-journal', entry: '/x' }] }, manifestUrl),
    ).toThrow();
    expect(() => parseRemotesManifest({ remotes: [{ name: 'journal' }] }, manifestUrl)).toThrow();
    expect(() => parseRemotesManifest({ list: [] }, manifestUrl)).toThrow();
  });
});
