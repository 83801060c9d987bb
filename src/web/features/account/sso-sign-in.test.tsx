// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ssoMessages, type SignInProvider } from '#shared/auth';
import { setApiTransport } from '#web/api/http';
import { SsoSignIn } from './sso-sign-in';

/** The store's answers: its providers on GET /api/store, and a provider's address to go to. */
function store(providers: SignInProvider[]) {
  const sent: { path: string; body: unknown }[] = [];
  setApiTransport(async (path, init) => {
    if (path === '/api/store') {
      return Response.json({
        name: 'Loopmarket',
        supportEmail: '',
        publicUrl: '',
        signInProviders: providers,
      });
    }
    sent.push({ path, body: JSON.parse(String(init.body)) });
    // An answer the browser cannot go to in jsdom: the test reads what was asked.
    return Response.json(
      { error: { code: 'NOT_FOUND', message: 'No such provider' } },
      { status: 404 },
    );
  });
  return sent;
}

function renderAt(url: string, target = '/profile') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <SsoSignIn target={target} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), view };
}

afterEach(cleanup);

describe('single sign-on on the sign-in page', () => {
  it('offers each provider and starts its sign-in, coming back to the page asked for (or to /login with the reason)', async () => {
    const sent = store([{ id: 'local-id', name: 'Local ID' }]);
    const { user } = renderAt('/login?redirectTo=%2Fcart', '/cart');

    await user.click(await screen.findByRole('button', { name: 'Continue with Local ID' }));

    expect(sent).toEqual([
      {
        path: '/api/auth/sign-in/social',
        body: {
          provider: 'local-id',
          callbackURL: '/cart',
          errorCallbackURL: '/login?redirectTo=%2Fcart',
          disableRedirect: true,
        },
      },
    ]);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'No such provider');
  });

  it('says in words why the provider’s sign-in came back, never the description in the link', async () => {
    store([{ id: 'local-id', name: 'Local ID' }]);
    renderAt('/login?error=account_not_linked&error_description=Call+us+at+555');

    expect((await screen.findByRole('alert')).textContent).toBe(ssoMessages.accountExists);
    expect(screen.queryByText(/555/)).toBeNull();
  });

  it('shows nothing when the store offers no provider and nothing went wrong', async () => {
    store([]);
    const { view } = renderAt('/login');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.container.innerHTML).toBe('');
  });
});
