import { HomeIcon } from '@yoman/ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { federatedRemoteLoader, remoteEntryOf } = await import('./federatedRemotes');

const journal = { name: 'journal', entry: 'https://yoman.test/remotes/journal/mf-manifest.json' };
// What the runtime is given: the entry script beside the manifest (the runtime has no manifest reader).
const journalEntry = { name: 'journal', entry: 'https://yoman.test/remotes/journal/remoteEntry.js' };
const journalModule = {
  routes: [{ path: '/calendar' }],
  menu: [{ path: '/calendar', label: 'יומן', icon: HomeIcon, audience: 'student' }],
  slices: [{ reducerPath: 'journalFilters', reducer: (state: unknown = {}) => state }],
};

function loaderWith(readManifest = vi.fn(async () => [journal])) {
  const injectSlice = vi.fn();
  const announce = vi.fn();
  const loader = federatedRemoteLoader({ injectSlice, announce, readManifest });
  return { loader, injectSlice, announce, readManifest };
}

beforeEach(() => {
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
});

describe('federatedRemoteLoader', () => {
  it('registers the manifest once and loads <name>/routes, injecting the remote slices', async () => {
    runtime.loadRemote.mockResolvedValue(journalModule);
    const { loader, injectSlice, announce, readManifest } = loaderWith();
    loader.prepare();
    const [first, second] = await Promise.all([loader.load('journal'), loader.load('journal')]);
    expect(first).toBe(second);
    expect(readManifest).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([journalEntry]);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('journal/routes');
    expect(injectSlice).toHaveBeenCalledWith(journalModule.slices[0]);
    await Promise.resolve();
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load and re-registers the remote with force, so a retry goes to the network', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('remoteEntry.js: net::ERR_FAILED'));
    runtime.loadRemote.mockResolvedValueOnce(journalModule);
    const { loader } = loaderWith();
    await expect(loader.load('journal')).rejects.toThrow('ERR_FAILED');
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([journalEntry], { force: true });
    await expect(loader.load('journal')).resolves.toMatchObject({ menu: journalModule.menu });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('refuses a module that breaks the remote contract, and a remote missing from the manifest', async () => {
    runtime.loadRemote.mockResolvedValue({ routes: 'not a list' });
    const { loader } = loaderWith();
    await expect(loader.load('journal')).rejects.toThrow('does not expose routes and menu entries');
    await expect(loader.load('mentor')).rejects.toThrow('not listed in the remotes manifest');
  });

  it('reads the manifest again after it failed to arrive', async () => {
    const readManifest = vi.fn(async () => [journal]);
    readManifest.mockRejectedValueOnce(new Error('503: Service Unavailable'));
    runtime.loadRemote.mockResolvedValue(journalModule);
    const { loader } = loaderWith(readManifest);
    await expect(loader.load('journal')).rejects.toThrow('503');
    await expect(loader.load('journal')).resolves.toBeTruthy();
    expect(readManifest).toHaveBeenCalledTimes(2);
  });
});

describe('remoteEntryOf', () => {
  it('replaces an mf-manifest.json entry by the remoteEntry.js beside it and keeps any other entry', () => {
    expect(remoteEntryOf('https://yoman.test/remotes/journal/mf-manifest.json')).toBe(
      'https://yoman.test/remotes/journal/remoteEntry.js',
    );
    expect(remoteEntryOf('/remotes/leagues/mf-manifest.json?v=3')).toBe(
      '/remotes/leagues/remoteEntry.js?v=3',
    );
    expect(remoteEntryOf('https://cdn.test/mentor/remoteEntry.js')).toBe(
      'https://cdn.test/mentor/remoteEntry.js',
    );
    expect(remoteEntryOf('https://cdn.test/mf-manifest.json.bak')).toBe(
      'https://cdn.test/mf-manifest.json.bak',
    );
  });
});
