import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A registered business as the stand-in's member states know it. */
export interface StandInTrader {
  name: string;
  address: string;
}

/**
 * A local HTTP stand-in for VIES's REST check (POST /check-vat-number, `{ countryCode,
 * vatNumber }`), answering as VIES does: `valid` with the trader's name and address (or '---'),
 * `valid: false` for a number no one holds, and `{ actionSucceed: false, errorWrappers }` when a
 * member state's register is down. The store's VIES_URL points at it.
 */
export async function startViesStandIn() {
  /** Registered numbers, by prefix and number: DE123456789. */
  const registered = new Map<string, StandInTrader>();
  /** Prefixes whose register answers MS_UNAVAILABLE, as VIES does during an outage. */
  const unavailable = new Set<string>();
  const requests: { countryCode: string; vatNumber: string }[] = [];
  const settings = { delayMs: 0, down: false };

  const server = createServer(async (req, res) => {
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method !== 'POST' || req.url !== '/check-vat-number') return send(404, {});
    const input = JSON.parse(await body(req)) as { countryCode: string; vatNumber: string };
    requests.push(input);
    if (settings.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.delayMs));
    if (res.destroyed) return;
    if (settings.down) {
      return send(500, {
        actionSucceed: false,
        errorWrappers: [{ error: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable' }],
      });
    }
    if (unavailable.has(input.countryCode)) {
      return send(200, {
        actionSucceed: false,
        errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'The member state is unavailable' }],
      });
    }
    const trader = registered.get(`${input.countryCode}${input.vatNumber}`);
    send(200, {
      countryCode: input.countryCode,
      vatNumber: input.vatNumber,
      requestDate: new Date().toISOString(),
      valid: Boolean(trader),
      requestIdentifier: '',
      name: trader?.name ?? '---',
      address: trader?.address ?? '---',
      traderName: '---',
      traderAddress: '---',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    registered,
    unavailable,
    requests,
    /** How long each answer takes: longer than the store waits makes it time out. */
    set delayMs(ms: number) {
      settings.delayMs = ms;
    },
    /** Whether VIES as a whole is down: a 500 with SERVICE_UNAVAILABLE. */
    set down(down: boolean) {
      settings.down = down;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
}
