import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received, as the provider would see it. */
export interface SmsStandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { from?: string; to?: string; text?: string };
}

/** How the stand-in answers the next requests: 202 at once unless told otherwise. */
export interface SmsStandInBehaviour {
  status: number;
  /** A pause before answering (a slow provider). */
  delayMs: number;
  body: string;
}

/**
 * A local HTTP stand-in for an SMS provider (the generic JSON shape of http-sms-sender.ts), on
 * 127.0.0.1 and a free port: it keeps every request it receives, and answers as `behave` says.
 */
export async function startSmsStandIn() {
  const received: SmsStandInRequest[] = [];
  let behaviour: SmsStandInBehaviour = { status: 202, delayMs: 0, body: '{"status":"queued"}' };
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: SmsStandInRequest['body'] = {};
    try {
      body = JSON.parse(text) as SmsStandInRequest['body'];
    } catch {
      // kept as {}: the test sees a request that was not JSON
    }
    received.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    const { status, delayMs, body: answer } = behaviour;
    const reply = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(answer);
    };
    if (delayMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        reply();
      }, delayMs);
      timers.add(timer);
    } else reply();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    received,
    /** The texts sent to one number, oldest first. */
    textsTo: (to: string) => received.filter((r) => r.body.to === to).map((r) => r.body.text ?? ''),
    behave(next: Partial<SmsStandInBehaviour>) {
      behaviour = { ...behaviour, ...next };
    },
    reset() {
      received.length = 0;
      behaviour = { status: 202, delayMs: 0, body: '{"status":"queued"}' };
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SmsStandIn = Awaited<ReturnType<typeof startSmsStandIn>>;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
