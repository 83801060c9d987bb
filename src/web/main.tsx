import './zod-jitless';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { DehydratedState } from '@tanstack/react-query';
import { createQueryClient } from './api/query-client';
import { App } from './app';
import { hydratePageState, PAGE_STATE_ID } from './ssr/page-state';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
const app = (
  <BrowserRouter>
    <App queryClient={queryClient} />
  </BrowserRouter>
);

// A page the server rendered carries the data it was drawn with: the app takes over that HTML.
// Otherwise (pages the server leaves to the browser, or the dev server) it draws from scratch.
const serverState = document.getElementById(PAGE_STATE_ID);
if (serverState?.textContent) {
  hydratePageState(queryClient, JSON.parse(serverState.textContent) as DehydratedState);
  // As a transition, hydration works in slices between which the browser answers the visitor,
  // rather than in one long task: the server's HTML is on screen meanwhile.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
