// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '#web/api/http';
import { ContactForm } from './contact-form';

/** What the form sent to the store, and the store's answer to give it. */
function store(answer: { status: number; body: unknown }) {
  const sent: { path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    sent.push({ path, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Grace');
  await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
  await user.selectOptions(screen.getByLabelText('Category'), 'licensing');
  await user.type(screen.getByLabelText(/^Subject/), 'Films');
  await user.type(screen.getByLabelText(/^Message/), 'Can I use the loops in a film?');
}

afterEach(cleanup);

describe('the contact form', () => {
  it('names each empty required field, focuses the first and sends nothing', async () => {
    const sent = store({ status: 201, body: { success: true } });
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    for (const message of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
      expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByLabelText(/^Name/)).toBe(document.activeElement);
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it("clears a field's message once the field is typed in", async () => {
    store({ status: 201, body: { success: true } });
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await user.type(screen.getByLabelText(/^Subject/), 'Films');

    expect(screen.queryByText('Subject is required')).toBeNull();
    expect(screen.getByText('Name is required')).toBeTruthy();
  });

  it('refuses an address that is no email address before sending', async () => {
    const sent = store({ status: 201, body: { success: true } });
    const user = renderForm();
    await fillIn(user);
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'grace@');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/)).toBe(document.activeElement);
    expect(sent).toEqual([]);
  });

  it('sends the message and says it was sent', async () => {
    const sent = store({ status: 201, body: { success: true, id: 'm1' } });
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Message sent!')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Thanks for contacting us.');
    expect(sent).toEqual([
      {
        path: '/api/support',
        body: {
          name: 'Grace',
          email: 'grace@example.com',
          category: 'licensing',
          subject: 'Films',
          message: 'Can I use the loops in a film?',
        },
      },
    ]);
  });

  it("shows the store's field messages beside their fields", async () => {
    store({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid request',
          fields: { subject: ['Subject is too long'] },
        },
      },
    });
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Subject is too long')).toBeTruthy();
    expect(screen.getByLabelText(/^Subject/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Message sent!')).toBeNull();
  });

  it('says what went wrong when the store refuses the message as a whole', async () => {
    store({
      status: 429,
      body: {
        error: { code: 'TOO_MANY_REQUESTS', message: 'Too many messages. Try again later.' },
      },
    });
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Too many messages. Try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });
});
