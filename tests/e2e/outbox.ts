import type { APIRequestContext } from '@playwright/test';

/** A message in the dev outbox (GET /dev/mail/messages). */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 250));

async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/dev/mail/messages');
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** The mail sent to `to` whose subject contains `subject`; waits for at least one to arrive. */
export async function mailTo(
  request: APIRequestContext,
  to: string,
  subject = '',
): Promise<OutboxMessage[]> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const found = (await outbox(request)).filter((m) => m.to === to && m.subject.includes(subject));
    if (found.length > 0) return found;
    await pause();
  }
  throw new Error(`no mail "${subject}" reached ${to}`);
}

/** The newest link to `path` in mail sent to `to` (waits for it to arrive). */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  path: string,
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    for (const message of (await outbox(request)).filter((m) => m.to === to)) {
      const match = message.text.match(new RegExp(`https?://[^\\s]+${path}[^\\s]*`));
      if (match) return new URL(match[0]).toString();
    }
    await pause();
  }
  throw new Error(`no ${path} email reached ${to}`);
}
