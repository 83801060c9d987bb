// @vitest-environment jsdom
import { lazy } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { sessionQuery } from '#web/session/session-query';
import { PageReady } from './page-ready';
import { ReadySuspense } from './ready-suspense';

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset.ready;
});

/** A lazy part whose code arrives when the test says so. */
function heldBack() {
  let arrive = () => {};
  const Part = lazy(
    () =>
      new Promise<{ default: () => React.JSX.Element }>((resolve) => {
        arrive = () => resolve({ default: () => <button type="button">Filter</button> });
      }),
  );
  return { Part, arrive: () => arrive() };
}

function signedOut() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQuery.queryKey, null);
  return queryClient;
}

it('the page is not marked ready while a ReadySuspense part still waits for its code', async () => {
  const filters = heldBack();
  await act(async () => {
    render(
      <QueryClientProvider client={signedOut()}>
        <PageReady />
        <ReadySuspense fallback={<p>Loading filters</p>}>
          <filters.Part />
        </ReadySuspense>
      </QueryClientProvider>,
    );
  });
  expect(screen.getByText('Loading filters')).toBeTruthy();
  expect(document.documentElement.dataset.ready).toBeUndefined();

  await act(async () => filters.arrive());
  expect(await screen.findByRole('button', { name: 'Filter' })).toBeTruthy();
  expect(document.documentElement.dataset.ready).toBe('');
});

it('a page with every part loaded is marked ready at once', async () => {
  await act(async () => {
    render(
      <QueryClientProvider client={signedOut()}>
        <PageReady />
        <ReadySuspense fallback={null}>
          <p>Drum Pack</p>
        </ReadySuspense>
      </QueryClientProvider>,
    );
  });
  expect(document.documentElement.dataset.ready).toBe('');
});
