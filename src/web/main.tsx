import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from './api/query-client';
import { PageErrorBoundary } from './components/shell/page-error-boundary';
import { AppRoutes } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {/* Errors of a page render inside the shell (app-layout.tsx); this catches the shell's own. */}
        <PageErrorBoundary resetKey="shell">
          <AppRoutes />
        </PageErrorBoundary>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
