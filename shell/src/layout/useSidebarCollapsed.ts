import { useCallback, useState } from 'react';

/** The local-storage key the spec names for the sidebar state. */
export const SIDEBAR_COLLAPSED_KEY = 'sidebar-collapsed';

function storedCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the desktop sidebar is collapsed, remembered across reloads. */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(storedCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      const next = !was;
      try {
        window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
      } catch {
        // Private browsing can refuse storage; the sidebar still toggles for this visit.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
