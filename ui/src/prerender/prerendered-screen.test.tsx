import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PRERENDERED_COPY_PATIENCE_MS,
  PRERENDERED_PATH_ATTRIBUTE,
  PRERENDERED_SCREEN_ID,
  removePrerenderedScreen,
  removePrerenderedScreenUnlessOf,
  useRemovesPrerenderedScreen,
} from './prerendered-screen';

afterEach(() => {
  vi.useRealTimers();
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

  it('is left in place while it shows the page, and goes once the page is another', () => {
    drawCopyOf('/calendar');
    removePrerenderedScreenUnlessOf('/calendar');
    expect(copyShown()).toBe(true);
    removePrerenderedScreenUnlessOf('/auth');
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

  describe('over a screen that draws its data', () => {
    function Screen({ shown }: { shown: boolean }) {
      useRemovesPrerenderedScreen(shown);
      return <h1>{shown ? 'לוח בקרה' : 'טוען'}</h1>;
    }

    it('stays while the data loads and goes in the commit that shows it', () => {
      drawCopyOf('/home');
      const { rerender } = render(<Screen shown={false} />);
      expect(copyShown()).toBe(true);
      rerender(<Screen shown />);
      expect(copyShown()).toBe(false);
    });

    it('goes after its patience when the data never comes, to show the loading state', () => {
      vi.useFakeTimers();
      drawCopyOf('/home');
      render(<Screen shown={false} />);
      act(() => vi.advanceTimersByTime(PRERENDERED_COPY_PATIENCE_MS - 1));
      expect(copyShown()).toBe(true);
      act(() => vi.advanceTimersByTime(1));
      expect(copyShown()).toBe(false);
    });

    it('goes when the screen leaves before its data came (the user went elsewhere)', () => {
      drawCopyOf('/home');
      const { unmount } = render(<Screen shown={false} />);
      unmount();
      expect(copyShown()).toBe(false);
    });
  });
});
