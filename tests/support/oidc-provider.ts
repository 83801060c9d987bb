import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';

/** Someone the local provider can sign in: the login typed on its page is their subject. */
export interface OidcPerson {
  login: string;
  email: string;
  /** What the provider says in `email_verified` (true unless told otherwise). */
  emailVerified?: boolean;
  name?: string;
}

export interface OidcProviderOptions {
  /** The addresses the store's callback may be reached at: `${publicUrl}/api/auth/callback/<id>`. */
  redirectUris: string[];
  /** 0 (default): a free port. */
  port?: number;
  /** The host in the issuer; a browser journey uses `localhost`, as the store does. */
  host?: string;
  clientId?: string;
  clientSecret?: string;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, for tests: discovery,
 * authorization code with PKCE, ID tokens, userinfo, and its own development login page (any
 * password) that a browser fills in. One client, the store; its memory holds every grant. Consent
 * is given at once (a first-party provider), so a sign-in is the login page alone.
 */
export async function startOidcProvider(options: OidcProviderOptions) {
  const clientId = options.clientId ?? 'loopmarket';
  const clientSecret = options.clientSecret ?? 'local-provider-secret';
  const people = new Map<string, OidcPerson>();

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host ?? '127.0.0.1'}:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['local-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, sub: string) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: person.name ?? person.login,
        }),
      };
    },
    // The store is this provider's own application: no consent screen.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { oidc } = ctx;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    /** The provider as the store's settings name it (`ssoProviders`). */
    settings(id: string, name: string) {
      return { id, name, issuer, clientId, clientSecret };
    },
    addPerson(person: OidcPerson) {
      people.set(person.login, person);
      return person;
    },
    /**
     * A person's sign-in at the provider, as their browser would go through it: from the
     * authorization URL the store sent them to, through the login page, to the address the
     * provider sends them back to (the store's callback, with a code and the state).
     */
    signIn(authorizationUrl: string, login: string) {
      return throughProvider(issuer, authorizationUrl, { prompt: 'login', login, password: 'x' });
    },
    /** A person who cancels at the provider's login page: back to the store with an error. */
    cancel(authorizationUrl: string) {
      return throughProvider(issuer, authorizationUrl, null);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/**
 * Follows the provider's redirects with a cookie jar of its own, answering its login page with
 * `form` (or cancelling there when null), until the provider sends the browser elsewhere.
 */
async function throughProvider(
  issuer: string,
  start: string,
  form: Record<string, string> | null,
): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (next.origin !== issuer) return next;
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const atLoginPage = /^\/interaction\/[^/]+$/.test(next.pathname);
    let target = next;
    let init: RequestInit = { headers: { cookie }, redirect: 'manual' };
    if (atLoginPage && form) {
      init = {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        redirect: 'manual',
      };
    } else if (atLoginPage) {
      target = new URL(`${next.pathname}/abort`, issuer);
    }
    const answer = await fetch(target, init);
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = answer.headers.get('location');
    if (!location) {
      throw new Error(
        `the provider answered ${answer.status} at ${target.pathname}: ${await answer.text()}`,
      );
    }
    next = new URL(location, target);
  }
  throw new Error('the provider kept redirecting');
}
