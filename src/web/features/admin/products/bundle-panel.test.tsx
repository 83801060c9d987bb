// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleMessages, type AdminBundle, type BundleProductRef } from '#shared/bundles';
import { setApiTransport } from '#web/api/http';
import { BundlePanel } from './bundle-panel';

const PRODUCT = '2b7c4a2e-1f0d-4c8e-9b7a-3d2e1f0a9b8c';
const ref = (n: number, name: string, priceCents: number): BundleProductRef => ({
  id: `0000000${n}-0000-4000-8000-000000000000`,
  name,
  status: 'active',
  priceCents,
  imageUrl: null,
});
const drums = ref(1, 'Dusty Drums', 2000);
const keys = ref(2, 'Velvet Keys', 3000);
const empty: AdminBundle = {
  members: [],
  priceFloor: '0.00',
  upgradesFrom: [],
  includedIn: [],
  savings: null,
};

/**
 * The store: GET answers the panel; the product search finds both packs; each PUT is kept and
 * answered as `answer` says (the panel as saved, or a refusal).
 */
function store(answer?: (body: { memberIds: string[] }) => Response) {
  const saved: { memberIds: string[]; priceFloor: string; upgradesFrom: string[] }[] = [];
  setApiTransport(async (path, init) => {
    if (path.includes('?q=')) {
      const found = [drums, keys].map((p) => ({ ...p, originalPriceCents: null, onSale: false }));
      return Response.json({ data: found, total: 2, page: 1, pageSize: 8 });
    }
    if (init.method !== 'PUT') return Response.json({ data: empty });
    const body = JSON.parse(String(init.body)) as (typeof saved)[number];
    saved.push(body);
    if (answer) return answer(body);
    const members = body.memberIds.map((id) => [drums, keys].find((p) => p.id === id)!);
    return Response.json({ data: { ...empty, members, priceFloor: body.priceFloor } });
  });
  return saved;
}

async function renderPanel() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BundlePanel productId={PRODUCT} priceCents={4000} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Bundle and upgrades' });
  return userEvent.setup();
}

async function add(user: ReturnType<typeof userEvent.setup>, search: string, name: string) {
  await user.type(screen.getByRole('searchbox', { name: 'Add a product to the bundle' }), search);
  await user.click(await screen.findByRole('button', { name: `Add ${name}` }));
}

afterEach(cleanup);

describe('the bundle panel', () => {
  it('picks two products, orders them, shows what buyers save and saves them in order', async () => {
    const saved = store();
    const user = await renderPanel();
    await add(user, 'dusty', 'Dusty Drums');
    await add(user, 'velvet', 'Velvet Keys');
    await user.click(screen.getByRole('button', { name: 'Move Velvet Keys up' }));
    expect(screen.getByText('Velvet Keys moved to position 1 of 2')).toBeTruthy();
    expect(
      screen.getByText('Buyers: Save $10.00 (20%) vs buying separately ($50.00).'),
    ).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Price floor ($)' }));
    await user.type(screen.getByRole('textbox', { name: 'Price floor ($)' }), '12.50');
    await user.click(screen.getByRole('button', { name: 'Save bundle and upgrades' }));

    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Save bundle and upgrades' }).hasAttribute('disabled'),
      ).toBe(true),
    );
    expect(saved).toEqual([
      { memberIds: [keys.id, drums.id], priceFloor: '12.50', upgradesFrom: [] },
    ]);
  });

  it('says when the bundle saves nothing', async () => {
    store();
    const user = await renderPanel();
    await add(user, 'dusty', 'Dusty Drums');
    expect(screen.getByText(/This bundle saves nothing/)).toBeTruthy();
  });

  it("shows the server's refusal and keeps the owner's choice", async () => {
    const refusal = bundleMessages.nestedMember('Dusty Drums');
    const saved = store(() =>
      Response.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid memberIds',
            fields: { memberIds: [refusal] },
          },
        },
        { status: 400 },
      ),
    );
    const user = await renderPanel();
    await add(user, 'dusty', 'Dusty Drums');
    await add(user, 'velvet', 'Velvet Keys');
    await user.click(screen.getByRole('button', { name: 'Save bundle and upgrades' }));

    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(saved).toHaveLength(1);
    expect(
      screen.getByRole('list', { name: /Products in this bundle/ }).querySelectorAll('li'),
    ).toHaveLength(2);
  });

  it('refuses one product alone before sending anything', async () => {
    const saved = store();
    const user = await renderPanel();
    await add(user, 'dusty', 'Dusty Drums');
    await user.click(screen.getByRole('button', { name: 'Save bundle and upgrades' }));
    expect((await screen.findByRole('alert')).textContent).toBe(bundleMessages.tooFew);
    expect(saved).toEqual([]);
  });
});
