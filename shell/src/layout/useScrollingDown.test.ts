import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useScrollingDown } from './useScrollingDown';

afterEach(() => {
  cleanup();
  scrollTo(0);
});

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('useScrollingDown', () => {
  it('is false at rest, true while the page moves down, false once it moves up or reaches the top', async () => {
    const { result } = renderHook(() => useScrollingDown());
    expect(result.current).toBe(false);
    act(() => scrollTo(300));
    await waitFor(() => expect(result.current).toBe(true));
    act(() => scrollTo(200));
    await waitFor(() => expect(result.current).toBe(false));
    act(() => scrollTo(600));
    await waitFor(() => expect(result.current).toBe(true));
    act(() => scrollTo(0));
    await waitFor(() => expect(result.current).toBe(false));
  });

  it('ignores a move of a few pixels', async () => {
    const { result } = renderHook(() => useScrollingDown());
    act(() => scrollTo(400));
    await waitFor(() => expect(result.current).toBe(true));
    act(() => scrollTo(396));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(true);
  });
});
