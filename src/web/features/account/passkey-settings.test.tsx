// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authMessages } from '#shared/auth';
import { passkeyMessages, type PasskeySummary } from '#shared/passkeys';
import { setApiTransport } from '#web/api/http';
import { PasskeySettings } from './passkey-settings';

const phone: PasskeySummary = {
  id: '5f0c1a52-0d0e-4a53-9d1a-7c1f0c2b9a01',
  name: 'Phone',
  createdAt: '2026-03-04T12:00:00.000Z',
  lastUsedAt: null,
};
const laptop: PasskeySummary = {
  id: '5f0c1a52-0d0e-4a53-9d1a-7c1f0c2b9a02',
  name: 'Laptop',
  createdAt: '2026-01-15T12:00:00.000Z',
  lastUsedAt: '2026-05-20T12:30:00.000Z',
};

/** The store's answers by path, and what the section sent it. */
function store(
  passkeys: PasskeySummary[],
  answers: Record<string, { status: number; body: unknown }>,
) {
  const sent: { path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    if (init.body) sent.push({ path, body: JSON.parse(String(init.body)) });
    const answer = path.endsWith('/list-user-passkeys')
      ? { status: 200, body: passkeys }
      : answers[path];
    return new Response(JSON.stringify(answer?.body ?? null), {
      status: answer?.status ?? 404,
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
      <PasskeySettings />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(cleanup);

describe('the passkeys on /profile', () => {
  it('lists each passkey with its name, the date it was added, and when it was last used', async () => {
    store([phone, laptop], {});
    renderSection();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Phone\s*Added Mar 4, 2026\s*·\s*Never used/),
      expect.stringMatching(/^Laptop\s*Added Jan 15, 2026\s*·\s*Last used May 20, 2026/),
    ]);
  });

  it('asks before removing, and shows why the last way in is kept', async () => {
    const sent = store([phone], {
      '/api/auth/passkey/delete-passkey': {
        status: 400,
        body: { error: { code: 'LAST_WAY_IN', message: authMessages.lastWayIn } },
      },
    });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Remove Phone' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this passkey?' });
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Passkey' }));
    expect(await within(dialog).findByText(authMessages.lastWayIn)).toBeTruthy();
    expect(sent).toEqual([{ path: '/api/auth/passkey/delete-passkey', body: { id: phone.id } }]);
    await user.click(within(dialog).getByRole('button', { name: 'Keep It' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toContain('Phone');
  });

  it('renames with the name trimmed, and sends nothing for an empty name', async () => {
    const sent = store([phone], {
      '/api/auth/passkey/update-passkey': { status: 200, body: { passkey: phone } },
    });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Rename Phone' }));
    const field = screen.getByLabelText('New name');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(passkeyMessages.nameRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(field, '  Pixel 9  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Rename Phone' });
    expect(sent).toEqual([
      { path: '/api/auth/passkey/update-passkey', body: { id: phone.id, name: 'Pixel 9' } },
    ]);
  });
});
