// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { packContentsMessages } from '#shared/admin-pack-contents';
import type { PackItem } from '#shared/music';
import { setApiTransport } from '#web/api/http';
import { toast } from '#web/components/shell/toast';
import { PackContentsEditor } from './pack-contents-editor';

vi.mock('#web/components/shell/toast', () => ({ toast: { success: vi.fn() } }));

const PRODUCT = '2b7c4a2e-1f0d-4c8e-9b7a-3d2e1f0a9b8c';
const item = (n: number, fields: Partial<PackItem>): PackItem => ({
  id: `0000000${n}-0000-4000-8000-000000000000`,
  name: `Item ${n}`,
  kind: 'loop',
  bpm: null,
  key: null,
  durationMs: 1000,
  previewUrl: null,
  previewPeaks: null,
  ...fields,
});
const items = [
  item(1, { name: 'Drum Loop 01', bpm: 140 }),
  item(2, { name: 'Kick 01', kind: 'one-shot' }),
  item(3, { name: 'Chords 01', kind: 'midi', bpm: 140, key: 'F minor' }),
];

/** The store: GET answers the pack's items; each PUT is kept and answered with what it saved. */
function store() {
  const saved: { items: { id: string; name: string; bpm: number | null }[] }[] = [];
  setApiTransport(async (path, init) => {
    if (path.endsWith('/extraction')) return Response.json({ data: null });
    if (init.method !== 'PUT') return Response.json({ data: items });
    const edit = JSON.parse(String(init.body)) as (typeof saved)[number];
    saved.push(edit);
    const byId = new Map(items.map((i) => [i.id, i]));
    return Response.json({ data: edit.items.map((e) => ({ ...byId.get(e.id)!, ...e })) });
  });
  return saved;
}

async function renderEditor() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PackContentsEditor productId={PRODUCT} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Pack contents' });
  return userEvent.setup();
}

const names = () =>
  screen
    .getAllByRole('textbox', { name: /^Name of item/ })
    .map((i) => (i as HTMLInputElement).value);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the pack contents editor', () => {
  it("lists the pack's items in order, with nothing to save yet", async () => {
    store();
    await renderEditor();
    expect(names()).toEqual(['Drum Loop 01', 'Kick 01', 'Chords 01']);
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save contents' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(
      screen.getByRole('button', { name: 'Move Drum Loop 01 up' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('moves an item, says where it went, and saves the new order', async () => {
    const saved = store();
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Move Kick 01 down' }));

    expect(names()).toEqual(['Drum Loop 01', 'Chords 01', 'Kick 01']);
    expect(screen.getByText('Kick 01 moved to position 3 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save contents' }));

    // Saved: nothing is left to save.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save contents' }).hasAttribute('disabled')).toBe(
        true,
      ),
    );
    expect(saved.map((edit) => edit.items.map((i) => i.name))).toEqual([
      ['Drum Loop 01', 'Chords 01', 'Kick 01'],
    ]);
  });

  it('removes an item until the owner undoes the change', async () => {
    store();
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Remove Kick 01' }));

    expect(names()).toEqual(['Drum Loop 01', 'Chords 01']);
    expect(screen.getByText('Kick 01 removed; save to keep the change')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pack contents' })).toBe(document.activeElement);
    await user.click(screen.getByRole('button', { name: 'Undo changes' }));

    expect(names()).toEqual(['Drum Loop 01', 'Kick 01', 'Chords 01']);
  });

  it("shows the server's rules beside the item that breaks them, and sends nothing", async () => {
    const saved = store();
    const user = await renderEditor();
    await user.clear(screen.getByRole('textbox', { name: 'BPM of Drum Loop 01' }));
    await user.type(screen.getByRole('textbox', { name: 'BPM of Drum Loop 01' }), 'fast');
    await user.clear(screen.getByRole('textbox', { name: 'Name of item 2' }));
    await user.click(screen.getByRole('button', { name: 'Save contents' }));

    expect(screen.getByText(packContentsMessages.bpm)).toBeTruthy();
    expect(screen.getByText(packContentsMessages.nameRequired)).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: 'BPM of Drum Loop 01' }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(saved).toEqual([]);
  });

  it('sends a BPM as a number and an emptied one as none', async () => {
    const saved = store();
    const user = await renderEditor();
    await user.clear(screen.getByRole('textbox', { name: 'BPM of Drum Loop 01' }));
    await user.type(screen.getByRole('textbox', { name: 'BPM of Kick 01' }), '90');
    await user.click(screen.getByRole('button', { name: 'Save contents' }));

    await screen.findByText('3 items');
    expect(saved[0]?.items.map((i) => i.bpm)).toEqual([null, 90, 140]);
  });

  it('says the list is saved even when the saved list arrives before the rest of the refresh', async () => {
    // The store keeps what was saved; its other answer (the ZIP's reading) is slow, so the
    // new list reaches the editor, which starts again from it, before the write has settled.
    let current = items;
    setApiTransport(async (path, init) => {
      if (path.endsWith('/extraction')) {
        if (current !== items) await new Promise((resolve) => setTimeout(resolve, 300));
        return Response.json({ data: null });
      }
      if (init.method === 'PUT') {
        const edit = JSON.parse(String(init.body)) as { items: { id: string }[] };
        const ids = new Set(edit.items.map((e) => e.id));
        current = items.filter((i) => ids.has(i.id));
      }
      return Response.json({ data: current });
    });
    const user = await renderEditor();
    await user.click(screen.getByRole('button', { name: 'Remove Kick 01' }));
    await user.click(screen.getByRole('button', { name: 'Save contents' }));

    await waitFor(() => expect(names()).toEqual(['Drum Loop 01', 'Chords 01']));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Pack contents saved'));
  });

  it("shows the ZIP's reading as it runs, then the items it listed", async () => {
    const job = {
      id: 'job-1',
      fileName: 'night-drive.zip',
      error: null,
      finishedAt: null,
    };
    let listed = false;
    setApiTransport(async (path) => {
      if (path.endsWith('/extraction')) {
        return Response.json({
          data: listed
            ? { ...job, status: 'done', itemsTotal: 3, itemsDone: 3 }
            : { ...job, status: 'running', itemsTotal: 3, itemsDone: 1 },
        });
      }
      return Response.json({ data: listed ? items : [] });
    });
    await renderEditor();
    expect(await screen.findByText('Reading night-drive.zip: 1 of 3 items')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('1');
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    listed = true;

    expect(
      await screen.findByText('Listed 3 items from night-drive.zip.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    await waitFor(() => expect(names()).toEqual(['Drum Loop 01', 'Kick 01', 'Chords 01']));
  });

  it("shows a refused ZIP's message", async () => {
    setApiTransport(async (path) =>
      Response.json({
        data: path.endsWith('/extraction')
          ? {
              id: 'job-2',
              status: 'failed',
              fileName: 'pack.zip',
              itemsTotal: null,
              itemsDone: 0,
              error: 'The uploaded file is not a ZIP archive, so its contents could not be listed.',
              finishedAt: '2026-11-27T10:00:00.000Z',
            }
          : [],
      }),
    );
    await renderEditor();
    expect(await screen.findByText('pack.zip could not be listed.')).toBeTruthy();
    expect(
      screen.getByText(
        'The uploaded file is not a ZIP archive, so its contents could not be listed.',
      ),
    ).toBeTruthy();
  });
});
