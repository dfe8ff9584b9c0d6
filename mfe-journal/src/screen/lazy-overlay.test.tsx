import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DesignSystemProvider } from '@yoman/ui/provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_INPUT_EVENTS, lazyOverlay, onceLoader } from './lazy-overlay';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; title: string };

function Overlay({ open, title }: Props) {
  return open ? <div role="dialog" aria-label={title} /> : <p>mounted, closed</p>;
}

/** A download that the test answers, and how many times it was started. */
function controlledDownload() {
  const downloads: { resolve: (value: typeof Overlay) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<typeof Overlay>((resolve, reject) => {
      downloads.push({ resolve, reject });
    });
  return { load, downloads };
}

function overlayOf(load: () => Promise<typeof Overlay>) {
  return lazyOverlay<Props>({
    load,
    isOpen: (props) => props.open,
    close: (props) => props.onOpenChange(false),
    name: 'טופס הבדיקה',
  });
}

const renderOverlay = (Lazy: ReturnType<typeof overlayOf>, props: Props) =>
  render(
    <DesignSystemProvider>
      <Lazy {...props} />
    </DesignSystemProvider>,
  );

describe('an overlay downloaded when first opened', () => {
  it('given it was never opened, when the screen renders, then nothing of it is rendered or downloaded', () => {
    const { load, downloads } = controlledDownload();
    const { container } = renderOverlay(overlayOf(load), { open: false, onOpenChange: () => {}, title: 'x' });
    expect(container.textContent).toBe('');
    expect(downloads).toHaveLength(0);
  });

  it('given it is opened before its code arrives, then it says it is loading, then shows the overlay', async () => {
    const { load, downloads } = controlledDownload();
    renderOverlay(overlayOf(load), { open: true, onOpenChange: () => {}, title: 'עסקה חדשה' });
    expect(screen.getByRole('status', { name: 'טוען את טופס הבדיקה…' })).toBeTruthy();
    expect(downloads).toHaveLength(1);
    await act(async () => downloads[0]?.resolve(Overlay));
    expect(screen.getByRole('dialog', { name: 'עסקה חדשה' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('given it was loaded and then closed, then it stays mounted, as it was when it came with the screen', async () => {
    const { load, downloads } = controlledDownload();
    const Lazy = overlayOf(load);
    const view = renderOverlay(Lazy, { open: true, onOpenChange: () => {}, title: 'x' });
    await act(async () => downloads[0]?.resolve(Overlay));
    view.rerender(
      <DesignSystemProvider>
        <Lazy open={false} onOpenChange={() => {}} title="x" />
      </DesignSystemProvider>,
    );
    expect(screen.getByText('mounted, closed')).toBeTruthy();
    expect(downloads).toHaveLength(1);
  });

  it('given the download fails, then it says so in Hebrew, and trying again downloads it again', async () => {
    const { load, downloads } = controlledDownload();
    renderOverlay(overlayOf(load), { open: true, onOpenChange: () => {}, title: 'עסקה חדשה' });
    await act(async () => downloads[0]?.reject(new Error('offline')));
    expect(screen.getByText('לא הצלחנו לטעון את טופס הבדיקה')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'נסה שוב' }));
    expect(downloads).toHaveLength(2);
    expect(screen.getByRole('status', { name: 'טוען את טופס הבדיקה…' })).toBeTruthy();
    await act(async () => downloads[1]?.resolve(Overlay));
    expect(screen.getByRole('dialog', { name: 'עסקה חדשה' })).toBeTruthy();
  });

  it('given it is loading, when the user presses Escape or "סגירה", then it is closed', () => {
    const { load } = controlledDownload();
    const onOpenChange = vi.fn();
    renderOverlay(overlayOf(load), { open: true, onOpenChange, title: 'x' });
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'סגירה' }));
    expect(onOpenChange.mock.calls).toEqual([[false], [false]]);
  });

  it('given the user first points at the page, then its code is downloaded in idle time, once', async () => {
    vi.useFakeTimers();
    const { load, downloads } = controlledDownload();
    renderOverlay(overlayOf(load), { open: false, onOpenChange: () => {}, title: 'x' });
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(downloads).toHaveLength(0);
    fireEvent.pointerOver(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await act(async () => vi.advanceTimersByTime(10));
    expect(downloads).toHaveLength(1);
  });

  it.each(FIRST_INPUT_EVENTS)('given a first %s, then its code is downloaded', async (type) => {
    vi.useFakeTimers();
    const { load, downloads } = controlledDownload();
    renderOverlay(overlayOf(load), { open: false, onOpenChange: () => {}, title: 'x' });
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    await act(async () => vi.advanceTimersByTime(10));
    expect(downloads).toHaveLength(1);
  });
});

describe('onceLoader', () => {
  it('loads once for every caller, and again only after a failure', async () => {
    let calls = 0;
    let fail = true;
    const loader = onceLoader(async () => {
      calls += 1;
      if (fail) throw new Error('offline');
      return 'module';
    });
    await expect(Promise.all([loader.load(), loader.load()])).rejects.toThrow('offline');
    expect(calls).toBe(1);
    expect(loader.loaded()).toBeUndefined();
    fail = false;
    await expect(loader.load()).resolves.toBe('module');
    await loader.load();
    expect(calls).toBe(2);
    expect(loader.loaded()).toBe('module');
  });
});
