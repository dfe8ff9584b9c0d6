import { describe, expect, it } from 'vitest';
import { parseRemotesManifest } from './remotesManifest';

const manifestUrl = 'https://yoman.example/remotes-manifest.json';
const link = { path: '/calendar', label: 'יומן', icon: 'calendar', audience: 'student' } as const;
const journal = { name: 'journal', prefixes: ['/calendar', '/trades'], menu: [link] };
const mentor = { name: 'mentor', prefixes: ['/mentor'], menu: [] };

describe('parseRemotesManifest', () => {
  it("reads the gateway's { remotes } answer and resolves entries against the manifest URL", () => {
    const remotes = parseRemotesManifest(
      {
        remotes: [
          { ...journal, entry: '/remotes/journal/mf-manifest.json' },
          { ...mentor, entry: 'https://cdn.example/mentor/mf-manifest.json' },
        ],
      },
      manifestUrl,
    );
    expect(remotes).toEqual([
      { ...journal, entry: 'https://yoman.example/remotes/journal/mf-manifest.json' },
      { ...mentor, entry: 'https://cdn.example/mentor/mf-manifest.json' },
    ]);
  });

  it('accepts a bare list, as a static file on a CDN would hold', () => {
    const leagues = { name: 'leagues', prefixes: ['/leagues'], menu: [] };
    expect(parseRemotesManifest([{ ...leagues, entry: 'leagues/mf-manifest.json' }], manifestUrl)).toEqual([
      { ...leagues, entry: 'https://yoman.example/leagues/mf-manifest.json' },
    ]);
  });

  it('refuses bad names, missing entries, prefixes that are not one top-level path, bad menu links', () => {
    const refused = [
      { ...journal, name: 'mfe-journal', entry: '/x' },
      { ...journal, entry: undefined },
      { ...journal, entry: '/x', prefixes: ['calendar'] },
      { ...journal, entry: '/x', prefixes: ['/mentor/students'] },
      { ...journal, entry: '/x', menu: 'student' },
      { ...journal, entry: '/x', menu: [{ ...link, audience: 'owner' }] },
      { ...journal, entry: '/x', menu: [{ ...link, path: 'calendar' }] },
      { ...journal, entry: '/x', menu: [{ ...link, label: '' }] },
      { name: 'journal', entry: '/x' },
    ];
    for (const remote of refused) {
      expect(
        () => parseRemotesManifest({ remotes: [remote] }, manifestUrl),
        JSON.stringify(remote),
      ).toThrow();
    }
    expect(() => parseRemotesManifest({ list: [] }, manifestUrl)).toThrow();
  });
});
