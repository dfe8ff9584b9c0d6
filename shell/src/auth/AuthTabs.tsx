// The login/register switch of /auth. Radix Tabs (with roving focus and collections) lives in
// '@yoman/ui/overlays', which the sign-in page does not download; two tabs need only the WAI-ARIA tabs
// pattern: a tablist, roving tabindex, aria-selected, arrows that follow the reading direction, Home/End,
// and automatic activation, as Radix does. It looks like the design system's Tabs.
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styled from 'styled-components';

export interface AuthTab {
  value: string;
  label: string;
  panel: ReactNode;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  /* An inset line instead of a border, so the active tab's underline can sit on it without overflowing. */
  box-shadow: inset 0 -1px 0 ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  overflow-y: hidden;
`;

const Tab = styled.button`
  appearance: none;
  background: none;
  border: 0;
  border-bottom: 2px solid transparent;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  white-space: nowrap;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }

  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.accent};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: -2px;
    border-radius: ${({ theme }) => theme.radii.input};
  }
`;

const Panel = styled.div`
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radii.input};
  }
`;

/** Which tab a key moves to from `index`, or null for any other key. Arrows follow `dir`. */
export function tabAfterKey(key: string, index: number, count: number, dir: 'rtl' | 'ltr'): number | null {
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return (index + 1) % count;
  if (key === backward) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** Tabs with their panels; only the selected panel is rendered, as with Radix. */
export function AuthTabs({ label, tabs, initial }: { label: string; tabs: AuthTab[]; initial: string }) {
  const [selected, setSelected] = useState(initial);
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (value: string) => `${id}-tab-${value}`;
  const panelId = (value: string) => `${id}-panel-${value}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const dir = getComputedStyle(event.currentTarget).direction === 'ltr' ? 'ltr' : 'rtl';
    const next = tabAfterKey(event.key, index, tabs.length, dir);
    const tab = next === null ? undefined : tabs[next];
    if (next === null || !tab) return;
    event.preventDefault();
    setSelected(tab.value);
    tabRefs.current[next]?.focus();
  };

  const current = tabs.find((tab) => tab.value === selected) ?? tabs[0];
  return (
    <Root>
      <List role="tablist" aria-label={label} aria-orientation="horizontal">
        {tabs.map((tab, index) => (
          <Tab
            key={tab.value}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.value)}
            aria-selected={tab.value === current?.value}
            aria-controls={panelId(tab.value)}
            tabIndex={tab.value === current?.value ? 0 : -1}
            onMouseDown={(event) => {
              // Like Radix: a primary-button press selects at once; focus follows on click.
              if (event.button === 0 && !event.ctrlKey) setSelected(tab.value);
            }}
            onClick={() => setSelected(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </Tab>
        ))}
      </List>
      {current && (
        <Panel
          role="tabpanel"
          id={panelId(current.value)}
          aria-labelledby={tabId(current.value)}
          tabIndex={0}
        >
          {current.panel}
        </Panel>
      )}
    </Root>
  );
}
