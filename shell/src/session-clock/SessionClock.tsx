import { ClockIcon } from '@yoman/ui';
import { useCallback, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useDismiss } from '../layout/useDismiss';
import { useNow } from './clock';
import { SessionClockPanel } from './SessionClockPanel';
import { sessionClockAt } from './sessionClock';

const Holder = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 36px;
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface1};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  font-variant-numeric: tabular-nums;
`;

// Anchored at the trigger's inner edge so the panel opens into the page (the RTL plugin mirrors 'right');
// on a phone it spans the screen instead.
const Floating = styled.div`
  position: absolute;
  top: calc(100% + 8px);
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.popover};

  ${({ theme }) => theme.media.belowMd} {
    position: fixed;
    top: 64px;
    left: 8px;
    right: 8px;
  }
`;

/** The header's session clock: a compact trigger (New York time and the active session) and its panel. */
export function SessionClock() {
  const reading = sessionClockAt(useNow());
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const holder = useRef<HTMLDivElement>(null);

  useDismiss(
    open,
    useCallback(() => setOpen(false), []),
    holder,
  );

  const status = reading.marketClosed
    ? 'השוק סגור'
    : (reading.active?.session.label ?? `הבא: ${reading.next.label}`);
  return (
    <Holder ref={holder}>
      <Trigger
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        data-testid="session-clock-trigger"
      >
        <ClockIcon size={16} />
        <span className="visually-hidden">שעון סשנים, שעון ניו יורק </span>
        <bdi dir="ltr">{reading.newYorkNow.toFormat('HH:mm:ss')}</bdi>
        <span>{status}</span>
      </Trigger>
      {open && (
        <Floating>
          <SessionClockPanel reading={reading} id={panelId} />
        </Floating>
      )}
    </Holder>
  );
}
