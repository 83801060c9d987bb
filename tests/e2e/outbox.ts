import type { APIRequestContext } from '@playwright/test';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The newest link to `path` in mail sent to `to`, read from the dev outbox (waits for it to arrive). */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  path: string,
): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await request.get('/dev/mail/messages');
    const { data } = (await response.json()) as { data: OutboxMessage[] };
    for (const message of data.filter((m) => m.to === to)) {
      const match = message.text.match(new RegExp(`https?://[^\\s]+${path}[^\\s]*`));
      if (match) return new URL(match[0]).toString();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${path} email reached ${to}`);
}
