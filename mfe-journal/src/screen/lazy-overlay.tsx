import { Button, Card, ErrorPanel, overlay, Spinner } from '@yoman/ui';
import { type ComponentType, useEffect, useReducer, useRef, useState } from 'react';
import styled from 'styled-components';

/** The first sign of a user at the page: from then on an overlay they may open is worth downloading. */
export const FIRST_INPUT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** A module loaded once; a load that failed is tried again by the next call. */
export function onceLoader<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    loaded: () => loaded,
    load(): Promise<T> {
      pending ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/**
 * Downloads `load` in the browser's idle time once the user first points at, touches, types in or tabs
 * through the page, so that the overlay is usually there when they open it, while a page only looked at
 * (and its first paint) never pays for it.
 */
export function usePreloadOnFirstInput(load: () => Promise<unknown>) {
  useEffect(() => {
    let idle: number | undefined;
    const stopListening = () => {
      for (const type of FIRST_INPUT_EVENTS) document.removeEventListener(type, onFirstInput, true);
    };
    // A failure here is shown only if the overlay is opened (it then loads again, visibly).
    const start = () => void load().catch(() => {});
    function onFirstInput() {
      stopListening();
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(start, { timeout: 2000 })
          : window.setTimeout(start, 0);
    }
    for (const type of FIRST_INPUT_EVENTS)
      document.addEventListener(type, onFirstInput, { capture: true, passive: true });
    return () => {
      stopListening();
      if (idle === undefined) return;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [load]);
}

const Backdrop = styled.div`
  ${overlay}
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space[4]};
`;

const PendingCard = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-width: min(320px, 100%);

  &:focus {
    outline: none;
  }
`;

/** What an opened overlay shows while its code downloads, or when the download failed. */
function OverlayPending({
  name,
  failed,
  onRetry,
  onClose,
}: {
  name: string;
  failed: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    card.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);
  return (
    <Backdrop onClick={(event) => event.target === event.currentTarget && onClose()}>
      <PendingCard ref={card} tabIndex={-1} $padding={5} data-testid="overlay-pending">
        {failed ? (
          <ErrorPanel
            title={`לא הצלחנו לטעון את ${name}`}
            message="בדקו את החיבור לאינטרנט ונסו שוב."
            onRetry={onRetry}
          />
        ) : (
          <>
            <Spinner size={24} label={`טוען את ${name}…`} />
            <span aria-hidden>{`טוען את ${name}…`}</span>
          </>
        )}
        <Button variant="ghost" onClick={onClose}>
          סגירה
        </Button>
      </PendingCard>
    </Backdrop>
  );
}

/**
 * An overlay (a dialog, a drawer) whose code is downloaded when it is first opened, or before that once the
 * user first interacts with the page (see `usePreloadOnFirstInput`), instead of with the screen: the screens that open it paint without it (and without the
 * Radix primitives it is built on). Once loaded it stays mounted, as it was when it came with the screen;
 * opened before that, it shows that it is loading, and a failed download can be tried again or closed.
 */
export function lazyOverlay<P extends object>(options: {
  load: () => Promise<ComponentType<P>>;
  isOpen: (props: P) => boolean;
  close: (props: P) => void;
  /** What is loading, in Hebrew, after "טוען את". */
  name: string;
}): ComponentType<P> {
  const loader = onceLoader(options.load);
  function LazyOverlay(props: P) {
    const open = options.isOpen(props);
    const [, loaded] = useReducer((count: number) => count + 1, 0);
    const [retries, retry] = useReducer((count: number) => count + 1, 0);
    const [failed, setFailed] = useState(false);
    const Overlay = loader.loaded();
    // biome-ignore lint/correctness/useExhaustiveDependencies: `retries` starts the download again.
    useEffect(() => {
      if (!open || Overlay) return;
      let live = true;
      setFailed(false);
      loader.load().then(
        () => live && loaded(),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [open, Overlay, retries]);
    usePreloadOnFirstInput(loader.load);
    if (Overlay) return <Overlay {...props} />;
    if (!open) return null;
    return (
      <OverlayPending
        name={options.name}
        failed={failed}
        onRetry={retry}
        onClose={() => options.close(props)}
      />
    );
  }
  return LazyOverlay;
}
