// The standalone page of a remote: its routes inside the same providers the shell gives them, so the remote's
// team can run and test it alone (`rspack serve`), with the gateway answering /api. Not shared through Module
// Federation: only a remote's own index.html uses it.
import { configureStore } from '@reduxjs/toolkit';
// By name, not by relative path: the core's toast queue and api must stay the one shared instance.
import { api, DirectionProvider, GlobalStyle, theme } from '@yoman/ui';
import { Toaster } from '@yoman/ui/toaster';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, NavLink, Outlet, type RouteObject, RouterProvider } from 'react-router-dom';
import styled, { ThemeProvider } from 'styled-components';

const Frame = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[5]};
`;

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};
`;

export interface StandaloneRemote {
  routes: RouteObject[];
  menu: readonly { path: string; label: string }[];
}

/** Renders a remote's routes, with a link bar of its menu entries, into the page's #root element. */
export function mountStandaloneRemote({ routes, menu }: StandaloneRemote): void {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });

  function StandaloneFrame() {
    return (
      <Frame>
        <Links aria-label="ניווט">
          {menu.map((entry) => (
            <NavLink key={entry.path} to={entry.path}>
              {entry.label}
            </NavLink>
          ))}
        </Links>
        <main>
          <Outlet />
        </main>
      </Frame>
    );
  }

  const router = createBrowserRouter([{ element: <StandaloneFrame />, children: routes }]);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <DirectionProvider rtl>
            <GlobalStyle />
            <RouterProvider router={router} />
            <Toaster />
          </DirectionProvider>
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
}
