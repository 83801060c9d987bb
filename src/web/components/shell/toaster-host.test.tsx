// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { ToasterHost } from './toaster-host';

// jsdom has no matchMedia; react-hot-toast asks it whether motion is reduced.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as never;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('a toast asked for while the toaster is still loading is shown once it arrives, for its whole time', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  toast.success('Pack contents saved');
  // The toaster's code arrives 3 s later (a slow connection, a busy machine): longer than a
  // success toast's 2 s.
  await import('react-hot-toast');
  await new Promise((resolve) => setTimeout(resolve, 20));
  vi.setSystemTime(Date.now() + 3000);
  await act(async () => {
    render(<ToasterHost />);
  });
  expect(await screen.findByText('Pack contents saved')).toBeTruthy();
  // A toast dismissed on arrival leaves the page a second later (react-hot-toast's exit); a
  // success toast shown for its 2 s is still there.
  await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
  expect(screen.queryByText('Pack contents saved')).not.toBeNull();
});
