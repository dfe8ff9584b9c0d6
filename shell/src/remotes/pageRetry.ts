/**
 * How the error panel of a remote retries. A page the gateway sent with the remote's scripts preloaded
 * (scripts/page-preloads.mjs) keeps a preload that failed: the browser answers the script's next request
 * from it, so a retry in place fails again however the network is now. Such a page retries by loading
 * itself anew; any other page asks the loader again.
 */
export function pageRetry(
  retry: () => void,
  page: { document: Pick<Document, 'querySelector'>; reload: () => void } = {
    document,
    reload: () => window.location.reload(),
  },
): () => void {
  return () => {
    if (page.document.querySelector('link[rel="preload"][href^="/remotes/"]')) page.reload();
    else retry();
  };
}
