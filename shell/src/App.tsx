import {
  DirectionProvider,
  GlobalStyle,
  theme,
  useGetUserQuery,
  useGetUserSettingsQuery,
  useToast,
} from '@yoman/ui';
import { lazy, type ReactNode, StrictMode, Suspense, useState } from 'react';
import { Provider } from 'react-redux';
import type { createBrowserRouter } from 'react-router-dom';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { RemoteLoader } from './remotes/remoteLoader';
import { RemoteLoaderProvider } from './remotes/useRemoteModule';
import type { AppStore } from './store/store';

// The Radix toaster is downloaded when the first toast is raised (the toast waits in the queue meanwhile),
// so neither /auth nor the layout loads it before their first paint.
const Toaster = lazy(() =>
  import(/* webpackChunkName: "toaster" */ '@yoman/ui/toaster').then((m) => ({ default: m.Toaster })),
);

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
  remoteLoader: RemoteLoader;
}

/** The shell's providers around the one router: store, theme, direction, toasts and the remote loader. */
export function App({ store, router, remoteLoader }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <DirectionFromSettings>
            <GlobalStyle />
            <RemoteLoaderProvider loader={remoteLoader}>
              <RouterProvider router={router} />
            </RemoteLoaderProvider>
            <ToasterOnFirstToast />
          </DirectionFromSettings>
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}

/** Right-to-left unless the signed-in user turned rtlLayout off (GET /api/user-settings). */
function DirectionFromSettings({ children }: { children: ReactNode }) {
  const { data: user } = useGetUserQuery();
  const { data: settings } = useGetUserSettingsQuery(undefined, { skip: !user });
  const rtl = !user || (settings?.display.rtlLayout ?? true);
  return <DirectionProvider rtl={rtl}>{children}</DirectionProvider>;
}

/** Mounts the toaster once there is a toast to show, and keeps it mounted from then on. */
function ToasterOnFirstToast() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
