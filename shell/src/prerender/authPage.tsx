// Rendered at build time in Node (scripts/prerender-auth.mjs bundles this file with esbuild): the markup and
// the styles of /auth as the shell first shows it to a signed-out visitor.
import { MemoryRouter } from 'react-router-dom';
import { AuthScreen } from '../auth/AuthScreen';
import { createStore } from '../store/store';
import { type PrerenderedPage, renderPicture } from './picture';

export type { PrerenderedPage } from './picture';

/** The /auth screen as static HTML, in Hebrew right to left, with the styles it needs. */
export function prerenderAuthPage(): PrerenderedPage {
  return renderPicture(
    '/auth',
    createStore(),
    <MemoryRouter initialEntries={['/auth']}>
      <AuthScreen />
    </MemoryRouter>,
  );
}
