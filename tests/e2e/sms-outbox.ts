import type { APIRequestContext } from '@playwright/test';

/** A text message in the dev outbox (GET /dev/mail/sms), newest first. */
interface OutboxText {
  to: string;
  text: string;
  createdAt: string;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 250));

async function texts(request: APIRequestContext): Promise<OutboxText[]> {
  const response = await request.get('/dev/mail/sms');
  return ((await response.json()) as { data: OutboxText[] }).data;
}

/** How many texts `to` has received so far. */
export async function textCount(request: APIRequestContext, to: string): Promise<number> {
  return (await texts(request)).filter((t) => t.to === to).length;
}

/** The 6-digit code in the newest text to `to`, once more than `after` texts have reached it. */
export async function codeTextedTo(
  request: APIRequestContext,
  to: string,
  after = 0,
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mine = (await texts(request)).filter((t) => t.to === to);
    const code = mine.length > after ? mine[0]?.text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await pause();
  }
  throw new Error(`no code texted to ${to}`);
}
