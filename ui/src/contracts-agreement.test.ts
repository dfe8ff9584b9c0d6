import { SIDEBAR, TOAST, TOOLTIP } from '@yoman/contracts';
import { describe, expect, it } from 'vitest';
import { initialsOf } from './format/people';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './primitives/Tooltip';
import { TOAST_RULES } from './toast/toastStore';

// ui keeps its own copies of these constants so the first paint does not load the contracts (and zod);
// this proves the copies agree with the contracts.
describe('ui constants agree with @yoman/contracts', () => {
  it('toast rules', () => {
    expect(TOAST_RULES).toEqual(TOAST);
  });

  it('tooltip delays', () => {
    expect({ delayMs: TOOLTIP_DELAY_MS, skipDelayMs: TOOLTIP_SKIP_DELAY_MS }).toEqual(TOOLTIP);
  });

  it('initials fallback and length', () => {
    expect(initialsOf('')).toBe(SIDEBAR.initialsFallback);
    expect(initialsOf('א ב ג ד').length).toBeLessThanOrEqual(SIDEBAR.initialsMax);
  });
});
