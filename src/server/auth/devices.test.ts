import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { leavingMessages } from '#shared/account-leaving';
import { describeDevice } from '#shared/devices';
import { sessions } from '#server/db/schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { testInFreshStore as it } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';

const password = 'correct-horse';
const LAPTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

/** Another browser signed in to the same account, with its own user agent. */
async function otherBrowser(app: TestContext, email: string, userAgent: string) {
  const browser = new TestBrowser(app, { 'user-agent': userAgent });
  const signIn = await browser.request('/api/auth/sign-in/email', { body: { email, password } });
  expect(signIn.status).toBe(200);
  return browser;
}

async function sessionIdOf(browser: TestBrowser): Promise<string> {
  const answer = await browser.request('/api/auth/get-session');
  const session = answer.body?.session as { id: string };
  return session.id;
}

interface ListedSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  updatedAt: string;
}

const listSessions = async (browser: TestBrowser) => {
  const answer = await browser.request('/api/auth/list-sessions');
  expect(answer.status).toBe(200);
  return answer.body as unknown as ListedSession[];
};

const stillSignedIn = async (browser: TestBrowser) =>
  (await browser.request('/api/account')).status === 200;

describe('the devices list', () => {
  it("lists each of the account's sessions with its agent, address and last use, and no token", async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'many@example.com');
    const phone = await otherBrowser(app, 'many@example.com', PHONE);
    const laptop = await otherBrowser(app, 'many@example.com', LAPTOP);

    const listed = await listSessions(browser);
    expect(listed).toHaveLength(3);
    for (const session of listed) {
      expect(session).not.toHaveProperty('token');
      expect(session.ipAddress).toBeTruthy();
      expect(Number.isNaN(Date.parse(session.updatedAt))).toBe(false);
    }
    const byId = new Map(listed.map((session) => [session.id, session]));
    expect(describeDevice(byId.get(await sessionIdOf(phone))?.userAgent)).toEqual({
      browser: 'Safari 17',
      system: 'iOS 17.1',
    });
    expect(describeDevice(byId.get(await sessionIdOf(laptop))?.userAgent)).toEqual({
      browser: 'Chrome 131',
      system: 'Linux',
    });
    // The current session is the one get-session names: the list marks "This device" by it.
    expect(byId.has(await sessionIdOf(browser))).toBe(true);
  });

  it('lists nobody for a visitor', async ({ app }) => {
    const answer = await new TestBrowser(app).request('/api/auth/list-sessions');
    expect(answer.status).toBe(401);
  });
});

describe('signing out one device', () => {
  it('ends that session only: the other browser is signed out on its next request', async ({
    app,
    db,
  }) => {
    const { browser, user } = await signedInBrowser(app, 'one@example.com');
    const laptop = await otherBrowser(app, 'one@example.com', LAPTOP);
    const laptopSession = await sessionIdOf(laptop);

    const answer = await browser.request(`/api/account/sessions/${laptopSession}`, {
      method: 'DELETE',
    });
    expect(answer.status).toBe(204);

    expect(await stillSignedIn(laptop)).toBe(false);
    expect(await stillSignedIn(browser)).toBe(true);
    const left = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((session) => session.id)).toEqual([await sessionIdOf(browser)]);
  });

  it("refuses another account's session as if it did not exist, and leaves it signed in", async ({
    app,
  }) => {
    const { browser } = await signedInBrowser(app, 'me@example.com');
    const { browser: stranger } = await signedInBrowser(app, 'stranger@example.com');

    const answer = await browser.request(`/api/account/sessions/${await sessionIdOf(stranger)}`, {
      method: 'DELETE',
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      error: { code: 'NOT_FOUND', message: leavingMessages.sessionNotFound },
    });
    expect(await stillSignedIn(stranger)).toBe(true);

    const malformed = await browser.request('/api/account/sessions/not-a-session', {
      method: 'DELETE',
    });
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual(answer.body);
  });

  it('answers 401 without a session', async ({ app }) => {
    const { browser } = await signedInBrowser(app, 'target@example.com');
    const answer = await new TestBrowser(app).request(
      `/api/account/sessions/${await sessionIdOf(browser)}`,
      { method: 'DELETE' },
    );
    expect(answer.status).toBe(401);
    expect(await stillSignedIn(browser)).toBe(true);
  });
});

describe('signing out the other devices, or every one', () => {
  it('others: every session but this one ends', async ({ app, db }) => {
    const { browser, user } = await signedInBrowser(app, 'others@example.com');
    const phone = await otherBrowser(app, 'others@example.com', PHONE);
    const laptop = await otherBrowser(app, 'others@example.com', LAPTOP);

    const answer = await browser.request('/api/auth/revoke-other-sessions', { body: {} });
    expect(answer.status).toBe(200);

    expect(await stillSignedIn(browser)).toBe(true);
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(laptop)).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(await listSessions(browser)).toHaveLength(1);
  });

  it('all: every session ends, this one included, and its cookie is cleared', async ({
    app,
    db,
  }) => {
    const { browser, user } = await signedInBrowser(app, 'global@example.com');
    const laptop = await otherBrowser(app, 'global@example.com', LAPTOP);

    const answer = await browser.request('/api/auth/revoke-sessions', { body: {} });
    expect(answer.status).toBe(200);
    expect(browser.hasSession()).toBe(false);

    expect(await stillSignedIn(browser)).toBe(false);
    expect(await stillSignedIn(laptop)).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});
