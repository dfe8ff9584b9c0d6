// zod's tree-shakable build: the layout's menu waits for a few KB of it instead of the whole library.
import { z } from 'zod/mini';

/** Where the shell finds the list of remotes; another deployment can point this elsewhere. */
export const REMOTES_MANIFEST_URL = '/remotes-manifest.json';

// One entry of remotes.config.mjs as the gateway answers it (remotesManifestOf there).
const RemoteDescription = z.object({
  /** The Module Federation container name, e.g. 'journal'. */
  name: z.string().check(z.regex(/^[A-Za-z_][\w]*$/u)),
  /** URL of the remote's mf-manifest.json (or its remoteEntry.js), absolute or relative to the manifest. */
  entry: z.string().check(z.minLength(1)),
  /** The top-level paths the shell mounts the remote under, e.g. ['/mentor']. */
  prefixes: z.array(z.string().check(z.regex(/^\/[^/]+$/u))),
  /** Its links in the menus: the layout draws them without loading the remote. */
  menu: z.array(
    z.object({
      path: z.string().check(z.startsWith('/')),
      label: z.string().check(z.minLength(1)),
      /** A name of the shell's menu icon set (layout/navigation.ts); an unknown name gets a plain icon. */
      icon: z.string().check(z.minLength(1)),
      audience: z.enum(['student', 'mentor']),
    }),
  ),
});

// The gateway answers { remotes: [...] }; a bare list is accepted too, for a static file on a CDN.
const RemotesManifest = z.union([
  z.pipe(
    z.object({ remotes: z.array(RemoteDescription) }),
    z.transform((manifest) => manifest.remotes),
  ),
  z.array(RemoteDescription),
]);

export type RemoteDescription = z.infer<typeof RemoteDescription>;

/** A link of a remote in the menus, as the manifest lists it. */
export type MenuLink = RemoteDescription['menu'][number];

/** What the routes and menus need of a remote: everything but where it is deployed. */
export type RegisteredRemote = Omit<RemoteDescription, 'entry'>;

/** Parses a remotes manifest and resolves every entry against the manifest's own URL. */
export function parseRemotesManifest(body: unknown, manifestUrl: string): RemoteDescription[] {
  return RemotesManifest.parse(body).map((remote) => ({
    ...remote,
    entry: new URL(remote.entry, manifestUrl).href,
  }));
}

/** Fetches the remotes manifest; an unreachable or malformed manifest is an error for the caller. */
export async function fetchRemotesManifest(
  manifestUrl = new URL(REMOTES_MANIFEST_URL, window.location.href).href,
): Promise<RemoteDescription[]> {
  const response = await fetch(manifestUrl, { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return parseRemotesManifest(await response.json(), manifestUrl);
}

/** The remote serving `pathname` and the prefix it is mounted under. */
export function mountOf(
  remotes: readonly Pick<RegisteredRemote, 'name' | 'prefixes'>[],
  pathname: string,
): { remote: string; prefix: string } | null {
  for (const { name, prefixes } of remotes) {
    const prefix = prefixes.find(
      (candidate) => pathname === candidate || pathname.startsWith(`${candidate}/`),
    );
    if (prefix) return { remote: name, prefix };
  }
  return null;
}
