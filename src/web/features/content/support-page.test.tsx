// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { moreDownloadsSupportHref } from '#shared/support';
import { setApiTransport } from '#web/api/http';
import { SupportPage } from './support-page';

// jsdom lays nothing out: the page scrolls to its form by the link's hash.
Element.prototype.scrollIntoView = () => {};

afterEach(cleanup);

describe('the support page opened from the download hub', () => {
  it('fills the form in for the order, editable, and sends it as the server checks it', async () => {
    const sent: { path: string; body: unknown }[] = [];
    setApiTransport(async (path, init) => {
      if (init.method === 'POST') {
        sent.push({ path, body: JSON.parse(String(init.body)) });
        return Response.json({ success: true }, { status: 201 });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'x' } }, { status: 404 });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[moreDownloadsSupportHref('AB12CD34', 'Dusty Keys')]}>
          <SupportPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('More downloads for order #AB12CD34')).toBeTruthy();
    expect(screen.getByLabelText(/^Message/)).toHaveProperty(
      'value',
      'I have used all the downloads of Dusty Keys in order #AB12CD34 and need the files again.',
    );
    expect(screen.getByLabelText('Category')).toHaveProperty('value', 'billing');

    await user.type(screen.getByLabelText(/^Subject/), ' (Dusty Keys)');
    await user.type(screen.getByLabelText(/^Name/), 'Grace');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent!')).toBeTruthy();
    expect(sent).toEqual([
      {
        path: '/api/support',
        body: {
          name: 'Grace',
          email: 'grace@example.com',
          category: 'billing',
          subject: 'More downloads for order #AB12CD34 (Dusty Keys)',
          message:
            'I have used all the downloads of Dusty Keys in order #AB12CD34 and need the files again.',
        },
      },
    ]);
  });

  it('leaves the form empty without a prefill, and ignores an unknown category', async () => {
    setApiTransport(async () => Response.json({}, { status: 404 }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/support?category=nope']}>
          <SupportPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText(/^Subject/)).toHaveProperty('value', '');
    expect(screen.getByLabelText('Category')).toHaveProperty('value', 'general');
  });
});
