import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on the machine: keeps every request, and answers each with the next status
 * of `answers` (the last one repeats), so a test can fail a delivery and then accept it.
 */
export async function startWebhookReceiver(answers: number[] = [200]) {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers[Math.min(received.length - 1, answers.length - 1)] ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'ok' : `refused with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The Standard Webhooks reference verification (standardwebhooks.com, its JavaScript library's
 * `Webhook.verify`), written again here on Web Crypto so the store's signer is checked by code
 * that shares nothing with it: the key is the base64 after `whsec_`, the signed content
 * `id.timestamp.body`, the header a space-separated list of `v1,<base64>`, and the timestamp
 * within five minutes of now.
 */
export async function verifyStandardWebhook(
  secret: string,
  webhook: ReceivedWebhook,
): Promise<unknown> {
  const id = webhook.headers['webhook-id'];
  const timestamp = webhook.headers['webhook-timestamp'];
  const signatures = webhook.headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string')
    throw new Error('Missing required headers');
  const seconds = Number.parseInt(timestamp, 10);
  if (Number.isNaN(seconds) || Math.abs(Date.now() / 1000 - seconds) > 5 * 60)
    throw new Error('Message timestamp too old or too new');
  const key = await crypto.subtle.importKey(
    'raw',
    Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (c) => c.charCodeAt(0)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${id}.${timestamp}.${webhook.body}`),
  );
  const expected = btoa(String.fromCharCode(...new Uint8Array(mac)));
  for (const versioned of signatures.split(' ')) {
    const [version, signature] = versioned.split(',');
    if (version === 'v1' && signature === expected) return JSON.parse(webhook.body);
  }
  throw new Error('No matching signature found');
}
