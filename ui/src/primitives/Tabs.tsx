import { Tabs as RadixTabs } from 'radix-ui';
import styled from 'styled-components';

/** Tab set root: `value`/`defaultValue`/`onValueChange`; arrow keys follow the reading direction. */
export const Tabs = styled(RadixTabs.Root)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

export const TabsList = styled(RadixTabs.List)`
  display: flex;
  /* Tabs that do not fit a phone's width go to a second row, in sight, rather than scrolled out of view. */
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
  /* An inset line instead of a border, so the active tab's underline can sit on it without overflowing. */
  box-shadow: inset 0 -1px 0 ${({ theme }) => theme.colors.border};
  overflow-x: auto;
  overflow-y: hidden;
`;

export const TabsTrigger = styled(RadixTabs.Trigger)`
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

  &[data-state='active'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.accent};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: -2px;
    border-radius: ${({ theme }) => theme.radii.input};
  }

  &[data-disabled] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export const TabsContent = styled(RadixTabs.Content)`
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radii.input};
  }
`;
