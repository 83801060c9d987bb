import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PageErrorBoundary } from './components/shell/page-error-boundary';
import { AppRoutes } from './router';

/**
 * The store inside its providers, the same tree in the browser (main.tsx, in a BrowserRouter)
 * and on the server (ssr/render-page.tsx, in a StaticRouter): what hydration compares.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* Errors of a page render inside the shell (app-layout.tsx); this catches the shell's own. */}
        <PageErrorBoundary resetKey="shell">
          <AppRoutes />
        </PageErrorBoundary>
      </QueryClientProvider>
    </StrictMode>
  );
}
