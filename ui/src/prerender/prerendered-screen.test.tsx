import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PRERENDERED_PATH_ATTRIBUTE,
  PRERENDERED_SCREEN_ID,
  removePrerenderedScreen,
  useRemovesPrerenderedScreen,
} from './prerendered-screen';

afterEach(() => {
  cleanup();
  document.getElementById(PRERENDERED_SCREEN_ID)?.remove();
});

function drawCopyOf(path: string) {
  const copy = document.createElement('div');
  copy.id = PRERENDERED_SCREEN_ID;
  copy.setAttribute(PRERENDERED_PATH_ATTRIBUTE, path);
  document.body.append(copy);
}

const copyShown = () => document.getElementById(PRERENDERED_SCREEN_ID) !== null;

describe('the prerendered copy of a screen', () => {
  it('is removed by any screen, whichever path it shows', () => {
    drawCopyOf('/calendar');
    removePrerenderedScreen();
    expect(copyShown()).toBe(false);
    // Nothing to remove is no error.
    removePrerenderedScreen();
  });

  it("is left in place when only another path's copy is to go", () => {
    drawCopyOf('/calendar');
    removePrerenderedScreen('/auth');
    expect(copyShown()).toBe(true);
    removePrerenderedScreen('/calendar');
    expect(copyShown()).toBe(false);
  });

  it('goes when a component using the hook mounts, in the same commit', () => {
    drawCopyOf('/calendar');
    function Screen() {
      useRemovesPrerenderedScreen();
      return <h1>נובמבר 2026</h1>;
    }
    render(<Screen />);
    expect(copyShown()).toBe(false);
  });
});
