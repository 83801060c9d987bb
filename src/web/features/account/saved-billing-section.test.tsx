// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { savedBillingMessages, type SavedBilling } from '#shared/saved-billing';
import { setApiTransport } from '#web/api/http';
import { SavedBillingSection } from './saved-billing-section';

const saved: SavedBilling = {
  details: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Analytical Engines',
    address: '12 Congress Ave',
    apartment: 'Suite 3',
    city: 'Austin',
    country: 'US',
    region: 'TX',
    postalCode: '78701',
    phone: '+1 512 555 0100',
  },
  updatedAt: '2026-05-20T12:00:00.000Z',
};

/** A store holding the buyer's details until they are deleted; what the section sent it. */
function store(initial: SavedBilling | null) {
  let current = initial;
  const sent: string[] = [];
  setApiTransport(async (path, init) => {
    const method = init.method ?? 'GET';
    sent.push(`${method} ${path}`);
    if (path !== '/api/account/billing-details') return new Response(null, { status: 404 });
    if (method === 'DELETE') {
      current = null;
      return new Response(null, { status: 204 });
    }
    return new Response(JSON.stringify({ savedBilling: current }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

function renderSection() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <SavedBillingSection />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(cleanup);

describe('the saved billing details on /profile', () => {
  it('shows the saved address as a label reads, and deletes it only once confirmed', async () => {
    const sent = store(saved);
    const user = renderSection();
    const address = await screen.findByRole('group', { name: 'Saved billing address' });
    expect([...address.querySelectorAll('span')].map((line) => line.textContent)).toEqual([
      'Ada Lovelace',
      'Analytical Engines',
      '12 Congress Ave, Suite 3',
      'Austin, Texas 78701',
      'United States',
      '+1 512 555 0100',
    ]);
    expect(screen.getByText('May 20, 2026')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete saved billing details' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your saved billing details?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Them' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent.filter((call) => call.startsWith('DELETE'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete saved billing details' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Details' }),
    );
    expect(await screen.findByText(savedBillingMessages.none)).toBeTruthy();
    expect(sent.filter((call) => call.startsWith('DELETE'))).toEqual([
      'DELETE /api/account/billing-details',
    ]);
    expect(screen.queryByRole('group', { name: 'Saved billing address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete saved billing details' })).toBeNull();
  });

  it('says how details come to be saved when there are none, with nothing to delete', async () => {
    store(null);
    renderSection();
    expect(await screen.findByText(savedBillingMessages.none)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
