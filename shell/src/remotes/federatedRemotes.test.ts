import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteDescription } from './remotesManifest';

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('./federationHost', () => runtime);

const { federatedRemoteLoader } = await import('./federatedRemotes');

const remote = (name: string, prefixes: string[]): RemoteDescription => ({
  name,
  entry: `https://yoman.test/remotes/${name}/mf-manifest.json`,
  prefixes,
  menu: [],
});
const journal = remote('journal', ['/calendar']);
const leagues = remote('leagues', ['/leagues']);
// What the runtime is given: the entry script that the remote's mf-manifest.json names.
const journalEntry = { name: 'journal', entry: 'https://yoman.test/remotes/journal/remoteEntry.js' };
const journalModule = {
  routes: [{ path: '/calendar' }],
  slices: [{ reducerPath: 'journalFilters', reducer: (state: unknown = {}) => state }],
};

const entryBeside = async (entry: string) => entry.replace('mf-manifest.json', 'remoteEntry.js');

function loaderWith(readManifest = vi.fn(async () => [journal, leagues]), readEntry = vi.fn(entryBeside)) {
  const injectSlice = vi.fn();
  const announce = vi.fn();
  const loader = federatedRemoteLoader({ injectSlice, announce, readManifest, readEntry });
  return { loader, injectSlice, announce, readManifest, readEntry };
}

beforeEach(() => {
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
});

describe('federatedRemoteLoader', () => {
  it("reads the page's remote's mf-manifest.json once, registers its entry and loads <name>/routes with its slices", async () => {
    runtime.loadRemote.mockResolvedValue(journalModule);
    const { loader, injectSlice, announce, readManifest, readEntry } = loaderWith();
    loader.prepare('journal');
    const [first, second] = await Promise.all([loader.load('journal'), loader.load('journal')]);
    expect(first).toBe(second);
    expect(readManifest).toHaveBeenCalledTimes(1);
    expect(readEntry.mock.calls.map(([entry]) => entry)).toEqual([journal.entry]);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([journalEntry], undefined);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('journal/routes');
    expect(injectSlice).toHaveBeenCalledWith(journalModule.slices[0]);
    await Promise.resolve();
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load and registers the remote again with force, so a retry goes to the network', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('remoteEntry.js: net::ERR_FAILED'));
    runtime.loadRemote.mockResolvedValueOnce(journalModule);
    const { loader, readEntry } = loaderWith();
    await expect(loader.load('journal')).rejects.toThrow('ERR_FAILED');
    await expect(loader.load('journal')).resolves.toMatchObject({ routes: journalModule.routes });
    expect(readEntry).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([journalEntry], { force: true });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('keeps the other remotes working when one mf-manifest.json cannot be read, and reads it on retry', async () => {
    const readEntry = vi.fn(entryBeside);
    readEntry.mockRejectedValueOnce(new Error('mf-manifest.json: 503'));
    runtime.loadRemote.mockResolvedValue(journalModule);
    const { loader } = loaderWith(undefined, readEntry);
    await expect(loader.load('journal')).rejects.toThrow('503');
    await expect(loader.load('leagues')).resolves.toBeTruthy();
    await expect(loader.load('journal')).resolves.toBeTruthy();
  });

  it('refuses a module that breaks the remote contract, and a remote missing from the manifest', async () => {
    runtime.loadRemote.mockResolvedValue({ routes: 'not a list' });
    const { loader } = loaderWith();
    await expect(loader.load('journal')).rejects.toThrow('does not expose its routes');
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
