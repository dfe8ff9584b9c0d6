import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SIDEBAR_COLLAPSED_KEY, useSidebarCollapsed } from './useSidebarCollapsed';

const cookieValue = () =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${SIDEBAR_COLLAPSED_KEY}=`))
    ?.split('=')[1];

afterEach(() => {
  cleanup();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookie between tests.
  document.cookie = `${SIDEBAR_COLLAPSED_KEY}=; Path=/; Max-Age=0`;
});

describe('useSidebarCollapsed', () => {
  it('keeps the state in local storage, and in a cookie for the server only while collapsed', () => {
    const { result } = renderHook(() => useSidebarCollapsed());
    expect(result.current[0]).toBe(false);
    expect(cookieValue()).toBeUndefined();
    act(() => result.current[1]());
    expect(result.current[0]).toBe(true);
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    expect(cookieValue()).toBe('true');
    act(() => result.current[1]());
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
    expect(cookieValue()).toBeUndefined();
  });

  it('stores the state within the toggle itself, before any effect runs, so a reload right after finds it', () => {
    const { result } = renderHook(() => useSidebarCollapsed());
    act(() => {
      result.current[1]();
      expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
      expect(cookieValue()).toBe('true');
    });
    act(() => {
      result.current[1]();
      expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
      expect(cookieValue()).toBeUndefined();
    });
  });

  it('gives the server a state kept from before the cookie existed', () => {
    localStorage.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
    const { result } = renderHook(() => useSidebarCollapsed());
    expect(result.current[0]).toBe(true);
    expect(cookieValue()).toBe('true');
  });
});
