import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViesStandIn } from '../../../tests/support/vies-stand-in';
import { checkVatNumber } from './vat-check';

let vies: Awaited<ReturnType<typeof startViesStandIn>>;
const now = () => new Date('2026-11-27T10:00:00.000Z');

beforeAll(async () => {
  vies = await startViesStandIn();
  vies.registered.set('DE123456789', {
    name: 'Klangwerk GmbH',
    address: 'Musterstraße 1\n10115 Berlin',
  });
  vies.registered.set('EL094014201', { name: '---', address: '---' });
  vies.unavailable.add('IT');
});
afterAll(() => vies.close());

/** A port nothing listens on: taken from the system, then closed. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('checkVatNumber through VIES', () => {
  it('answers valid with the registered name and address, sending the number as VIES takes it', async () => {
    const check = await checkVatNumber('DE', 'de 123 456 789', { url: vies.url, now });
    expect(check).toEqual({
      status: 'valid',
      vatNumber: 'DE123456789',
      name: 'Klangwerk GmbH',
      address: 'Musterstraße 1\n10115 Berlin',
      checkedAt: '2026-11-27T10:00:00.000Z',
    });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'DE', vatNumber: '123456789' });
  });

  it("asks about a Greek number with VIES's EL prefix, leaving out an undisclosed name", async () => {
    const check = await checkVatNumber('GR', '094014201', { url: vies.url, now });
    expect(check).toEqual({
      status: 'valid',
      vatNumber: 'EL094014201',
      checkedAt: '2026-11-27T10:00:00.000Z',
    });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'EL', vatNumber: '094014201' });
  });

  it('answers invalid for a well-formed number nobody holds', async () => {
    const check = await checkVatNumber('DE', 'DE999999999', { url: vies.url, now });
    expect(check).toEqual({
      status: 'invalid',
      vatNumber: 'DE999999999',
      checkedAt: '2026-11-27T10:00:00.000Z',
    });
  });

  it('answers invalid for a number of the wrong format without asking VIES', async () => {
    const asked = vies.requests.length;
    const check = await checkVatNumber('DE', '12345', { url: vies.url, now });
    expect(check.status).toBe('invalid');
    expect(vies.requests.length).toBe(asked);
  });

  it("answers unavailable when the member state's register is down (MS_UNAVAILABLE)", async () => {
    const check = await checkVatNumber('IT', 'IT12345678901', { url: vies.url, now });
    expect(check).toEqual({
      status: 'unavailable',
      vatNumber: 'IT12345678901',
      checkedAt: '2026-11-27T10:00:00.000Z',
      reason: 'MS_UNAVAILABLE',
    });
  });

  it('answers unavailable when VIES cannot be reached', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const check = await checkVatNumber('DE', 'DE123456789', { url, now });
    expect(check).toMatchObject({ status: 'unavailable', reason: 'UNREACHABLE' });
  });

  it('answers unavailable when VIES takes longer than the store waits', async () => {
    vies.delayMs = 5_000;
    try {
      const started = Date.now();
      const check = await checkVatNumber('DE', 'DE123456789', {
        url: vies.url,
        timeoutMs: 200,
        now,
      });
      expect(check).toMatchObject({ status: 'unavailable', reason: 'TIMEOUT' });
      // Gave up at its own limit, not when VIES answered (5 s), with room for a busy machine.
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      vies.delayMs = 0;
    }
  });

  it('answers unavailable when VIES itself fails (SERVICE_UNAVAILABLE on a 500)', async () => {
    vies.down = true;
    try {
      const check = await checkVatNumber('DE', 'DE123456789', { url: vies.url, now });
      expect(check).toMatchObject({ status: 'unavailable', reason: 'SERVICE_UNAVAILABLE' });
    } finally {
      vies.down = false;
    }
  });
});
