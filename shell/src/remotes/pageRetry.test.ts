import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageRetry } from './pageRetry';

const preload = (href: string) => {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'script');
  link.href = href;
  document.head.append(link);
};

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

/** Clicks the retry of a page with these preloads; says which of the two ways it went. */
function retryOn(preloads: string[]) {
  for (const href of preloads) preload(href);
  const retry = vi.fn();
  const reload = vi.fn();
  pageRetry(retry, { document, reload })();
  return { retry, reload };
}

describe("the retry of a remote's error panel", () => {
  it('loads the page anew when its HTML preloaded a remote: a failed preload would answer a retry in place', () => {
    const { retry, reload } = retryOn(['/586.aa.js', '/remotes/journal/remoteEntry.js']);
    expect(reload).toHaveBeenCalledOnce();
    expect(retry).not.toHaveBeenCalled();
  });

  it("asks the loader again on a page that preloaded no remote's scripts", () => {
    const { retry, reload } = retryOn(['/586.aa.js']);
    expect(retry).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
  });
});
