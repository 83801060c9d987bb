// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, expect, it } from 'vitest';
import { ToasterHost } from '#web/components/shell/toaster-host';
import { adminKeys } from '../api/admin-keys';
import { ConfirmWriteDialog } from './confirm-write-dialog';

// jsdom has no matchMedia; react-hot-toast asks it whether motion is reduced.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as never;

afterEach(cleanup);

it('says the write was done even when the refresh after it removes the dialog', async () => {
  // What the server owes: the write pays it, and the refreshed list then has nothing to pay.
  let owedCents = 375;
  const queryClient = new QueryClient();
  function Owed() {
    const owed = useQuery({
      queryKey: [...adminKeys.all, 'owed'],
      queryFn: async () => owedCents,
    });
    if (!owed.data) return <p>Nothing owed</p>;
    return (
      <ConfirmWriteDialog
        trigger={<button type="button">Mark paid</button>}
        title="Mark $3.75 paid?"
        confirm="Mark paid"
        pending="Recording..."
        run={async () => {
          owedCents = 0;
          // The list is drawn again before the write's answer reaches the dialog (a refresh
          // that lands first, as on a loaded machine): the row, and its dialog, are gone.
          await queryClient.refetchQueries({ queryKey: adminKeys.all });
          await new Promise((resolve) => setTimeout(resolve, 50));
        }}
        done="Payout recorded"
      >
        Record that you paid this affiliate.
      </ConfirmWriteDialog>
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Owed />
      <ToasterHost />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Mark $3.75 paid?' });
  await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));

  expect(await screen.findByText('Nothing owed')).toBeTruthy();
  expect(await screen.findByText('Payout recorded')).toBeTruthy();
});
