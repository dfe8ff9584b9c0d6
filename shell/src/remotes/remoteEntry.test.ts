import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRemoteEntry, remoteEntryFromManifest } from './remoteEntry';

// The fields the Module Federation plugin writes into mf-manifest.json, as in dist/web/remotes/*/.
const manifest = (publicPath: string, path = '') => ({
  id: 'journal',
  name: 'journal',
  metaData: { name: 'journal', publicPath, remoteEntry: { name: 'remoteEntry.js', path, type: 'global' } },
  shared: [],
  exposes: [],
});

afterEach(() => vi.unstubAllGlobals());

describe('remoteEntryFromManifest', () => {
  it("finds a remote built with publicPath 'auto' beside its manifest, wherever that is served", () => {
    expect(
      remoteEntryFromManifest(manifest('auto'), 'https://yoman.test/remotes/journal/mf-manifest.json'),
    ).toBe('https://yoman.test/remotes/journal/remoteEntry.js');
  });

  it('follows a public path on another origin (a CDN) and the folder the entry was emitted in', () => {
    const manifestUrl = 'https://yoman.test/remotes/journal/mf-manifest.json';
    expect(remoteEntryFromManifest(manifest('https://cdn.test/journal/v42'), manifestUrl)).toBe(
      'https://cdn.test/journal/v42/remoteEntry.js',
    );
    expect(remoteEntryFromManifest(manifest('/static/', 'federation'), manifestUrl)).toBe(
      'https://yoman.test/static/federation/remoteEntry.js',
    );
  });

  it('refuses a file that is not a Module Federation manifest', () => {
    expect(() => remoteEntryFromManifest({ id: 'journal' }, 'https://yoman.test/m.json')).toThrow();
  });
});

describe('fetchRemoteEntry', () => {
  it('reads an mf-manifest.json entry and keeps an entry that already names a script', async () => {
    const fetched = vi.fn(async () => Response.json(manifest('https://cdn.test/j/')));
    vi.stubGlobal('fetch', fetched);
    expect(await fetchRemoteEntry('https://yoman.test/remotes/journal/mf-manifest.json')).toBe(
      'https://cdn.test/j/remoteEntry.js',
    );
    expect(await fetchRemoteEntry('https://cdn.test/mentor/remoteEntry.js')).toBe(
      'https://cdn.test/mentor/remoteEntry.js',
    );
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('fails, naming the file, when the manifest cannot be fetched', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404, statusText: 'Not Found' }));
    await expect(fetchRemoteEntry('https://yoman.test/remotes/x/mf-manifest.json')).rejects.toThrow(
      'https://yoman.test/remotes/x/mf-manifest.json: 404 Not Found',
    );
  });
});
