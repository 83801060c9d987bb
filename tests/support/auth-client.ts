import { desc, eq } from 'drizzle-orm';
import { outboxEmails, users } from '#server/db/schema';
import { TEST_PUBLIC_URL, type TestContext } from './test-app';

/** A browser-like client of the real app: keeps cookies, sends the store's Origin. */
export class TestBrowser {
  private cookies = new Map<string, string>();

  constructor(
    private readonly ctx: TestContext,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  async request(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {
      origin: TEST_PUBLIC_URL,
      ...this.extraHeaders,
      ...init.headers,
    };
    // A header given as '' is not sent (a request without Origin, say).
    for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const response = await this.ctx.app.request(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    // A download (a CSV export, say) is not JSON: its text is in `text`.
    const type = response.headers.get('content-type');
    const json = !type || type.includes('json');
    const body: unknown = text && json ? JSON.parse(text) : null;
    return {
      status: response.status,
      body: body as Record<string, unknown> | null,
      text,
      response,
    };
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasSession() {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'));
  }
}

export async function latestEmailTo(ctx: TestContext, to: string) {
  const [row] = await ctx.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return row;
}

export async function emailsTo(ctx: TestContext, to: string) {
  return ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
}

/** The first link in a message's plain text that starts with the store's URL and `path`. */
export function linkIn(text: string, path: string): URL {
  const match = text.match(new RegExp(`${TEST_PUBLIC_URL}${path}[^\\s]*`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(match[0]);
}

/** Signs up, follows the confirmation email, and signs in: a browser with a session. */
export async function signedInBrowser(ctx: TestContext, email: string, password = 'correct-horse') {
  const browser = new TestBrowser(ctx);
  await browser.request('/api/auth/sign-up/email', { body: { email, password, name: '' } });
  const mail = await latestEmailTo(ctx, email);
  const token = linkIn(mail!.text, '/email-confirmation').searchParams.get('token');
  await browser.request(`/api/auth/verify-email?token=${token}`);
  const signIn = await browser.request('/api/auth/sign-in/email', { body: { email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return { browser, user: user! };
}

/** A signed-in store admin (as `npm run admin -- grant` would make one). */
export async function signedInAdmin(ctx: TestContext, email: string) {
  const signedIn = await signedInBrowser(ctx, email);
  await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, signedIn.user.id));
  return signedIn;
}
