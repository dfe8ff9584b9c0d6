import { useLocation, useRoutes } from 'react-router-dom';
import { NotFound } from '../screens/NotFound';
import { RemoteFailed, RemoteLoading, RemoteMount } from './RemoteMount';
import { mountOf } from './remotesManifest';
import { useRegisteredRemotes } from './useRemoteModule';

/**
 * The signed-in area's paths that no shell screen claims (a splat route at the top of the area): mounted
 * from whichever remote the remotes manifest says serves them (the shell lists no remote), else the 404 page.
 */
export function MountedRemote() {
  const { pathname } = useLocation();
  const remotes = useRegisteredRemotes();
  if (remotes.status === 'loading') return <RemoteLoading />;
  if (remotes.status === 'failed') return <RemoteFailed retry={remotes.retry} />;
  const mount = mountOf(remotes.value, pathname);
  if (!mount) return <NotFound />;
  return <UnderPrefix {...mount} />;
}

// A route of its own for the prefix, so the remote's routes below resolve relative to it, as RemoteMount
// expects, and moving between two prefixes of one remote starts its screen afresh.
function UnderPrefix({ remote, prefix }: { remote: string; prefix: string }) {
  return useRoutes([
    { path: `${prefix.slice(1)}/*`, element: <RemoteMount key={prefix} remote={remote} prefix={prefix} /> },
  ]);
}
