import { z } from 'zod/mini';

// The part of a remote's mf-manifest.json (written by the Module Federation plugin) that says where its
// entry script is. The runtime is built without its own manifest reader (federationExperiments in
// ui/federation-shared.mjs, to keep every page's download small), so the shell reads these few fields.
const FederationManifest = z.object({
  metaData: z.object({
    publicPath: z.optional(z.string()),
    remoteEntry: z.object({ name: z.string().check(z.minLength(1)), path: z.string() }),
  }),
});

/**
 * The URL of the remote's remoteEntry.js from its mf-manifest.json at `manifestUrl`: beside the manifest
 * for a remote built with publicPath 'auto' (how Yoman builds), else under the public path it was built
 * with, which may be another origin (a CDN).
 */
export function remoteEntryFromManifest(body: unknown, manifestUrl: string): string {
  const { publicPath, remoteEntry } = FederationManifest.parse(body).metaData;
  const base =
    !publicPath || publicPath === 'auto' ? manifestUrl : new URL(withSlash(publicPath), manifestUrl);
  const folder = remoteEntry.path === '' ? '' : withSlash(remoteEntry.path.replace(/^\/+/u, ''));
  return new URL(`${folder}${remoteEntry.name}`, base).href;
}

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/** Where a remotes-manifest entry's script is: read from its mf-manifest.json, or the entry itself. */
export async function fetchRemoteEntry(entry: string): Promise<string> {
  if (!new URL(entry).pathname.endsWith('.json')) return entry;
  const response = await fetch(entry, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${entry}: ${response.status} ${response.statusText}`);
  return remoteEntryFromManifest(await response.json(), entry);
}
