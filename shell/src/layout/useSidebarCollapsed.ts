import { createContext, useCallback, useContext, useEffect, useState } from 'react';

/** The local-storage key the spec names for the sidebar state. */
export const SIDEBAR_COLLAPSED_KEY = 'sidebar-collapsed';

/**
 * The same state in a cookie of that name, for the server: a page load it draws (a student's /calendar,
 * services/gateway/src/signed-in-pictures.ts) shows the sidebar as the live layout will. Local storage
 * stays the state's home; the cookie only follows it.
 */
export const SIDEBAR_COLLAPSED_COOKIE = SIDEBAR_COLLAPSED_KEY;
const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** What the sidebar starts as where there is no local storage to ask: a page drawn on the server. */
export const SidebarStartsCollapsed = createContext(false);

function storedCollapsed(otherwise: boolean): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return otherwise;
  }
}

/** Sets the cookie while the sidebar is collapsed and removes it once it is not: open is the default. */
function followInCookie(collapsed: boolean) {
  try {
    if (!collapsed && !document.cookie.includes(`${SIDEBAR_COLLAPSED_COOKIE}=`)) return;
    const maxAge = collapsed ? YEAR_IN_SECONDS : 0;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports.
    document.cookie = `${SIDEBAR_COLLAPSED_COOKIE}=${collapsed}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
  } catch {
    // No document (a server render) or cookies refused: the server then draws the sidebar open.
  }
}

/** Keeps the state where the next page load finds it: local storage, and the cookie for the server. */
function remember(collapsed: boolean) {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(collapsed));
  } catch {
    // Private browsing can refuse storage; the sidebar still toggles for this visit.
  }
  followInCookie(collapsed);
}

/** Whether the desktop sidebar is collapsed, remembered across reloads. */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const startsCollapsed = useContext(SidebarStartsCollapsed);
  const [collapsed, setCollapsed] = useState(() => storedCollapsed(startsCollapsed));
  // Stored in the click itself, not in an effect a frame later: a reload right after still finds it.
  const toggle = useCallback(() => {
    remember(!collapsed);
    setCollapsed(!collapsed);
  }, [collapsed]);
  // On mount, a state kept from before the cookie existed reaches the server too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the state the page started with.
  useEffect(() => followInCookie(collapsed), []);
  return [collapsed, toggle];
}
