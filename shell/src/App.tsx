import {
  DirectionProvider,
  GlobalStyle,
  Toaster,
  theme,
  useGetUserQuery,
  useGetUserSettingsQuery,
} from '@yoman/ui';
import { type ReactNode, StrictMode } from 'react';
import { Provider } from 'react-redux';
import type { createBrowserRouter } from 'react-router-dom';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { RemoteLoader } from './remotes/remoteLoader';
import { RemoteLoaderProvider } from './remotes/useRemoteModule';
import type { AppStore } from './store/store';

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
            <Toaster />
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
