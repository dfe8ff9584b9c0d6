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

describe("the retry of a remote's error panel", () => {
  it('loads the page anew when its HTML preloaded a remote: a failed preload would answer a retry in place', () => {
    preload('/586.aa.js');
    preload('/remotes/journal/remoteEntry.js');
    const retry = vi.fn();
    const reload = vi.fn();
    pageRetry(retry, { document, reload })();
    expect(reload).toHaveBeenCalledOnce();
    expect(retry).not.toHaveBeenCalled();
  });

  it("asks the loader again on a page that preloaded no remote's scripts", () => {
    preload('/586.aa.js');
    const retry = vi.fn();
    const reload = vi.fn();
    pageRetry(retry, { document, reload })();
    expect(retry).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
  });
});
