import { expect, test } from '../e2e/fixtures';
import { buy, createSignedInAccount, freshEmail, productNamed } from '../e2e/shoppers';
import { asIfThroughTheProxy, cluster } from './cluster-env';

interface LicenseView {
  key: string;
  seats: number;
  product: { name: string };
  machines: { name: string | null }[];
}

/**
 * A licence key's seats are counted in the database both servers share: ten machines
 * activating one three-seat key at once, half of them through each server, leave exactly three
 * active; the other seven hear that every seat is taken.
 */
test('ten machines activating a three-seat key at once across both servers: exactly three get a seat', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    baseURL: cluster.proxyUrl,
    extraHTTPHeaders: asIfThroughTheProxy,
  });
  const buyer = context.request;
  await createSignedInAccount(buyer, freshEmail('cluster-licence'));
  const product = await productNamed(buyer, 'Analog Bass Synth');
  await buy(buyer, product);
  const licences = async () =>
    ((await (await buyer.get('/api/licenses')).json()) as LicenseView[]).filter(
      (licence) => licence.product.name === product.name,
    );
  await expect.poll(async () => (await licences()).length).toBe(1);
  const [licence] = await licences();
  expect(licence!.seats).toBe(3);

  const servers = [cluster.serverA, cluster.serverB];
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, n) =>
      request.post(`${servers[n % 2]}/api/licenses/activate`, {
        headers: asIfThroughTheProxy,
        data: { key: licence!.key, machineId: `machine-${n}`, machineName: `Studio ${n}` },
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.status());
  expect(
    statuses.filter((status) => status === 200),
    statuses.join(' '),
  ).toHaveLength(3);
  expect(
    statuses.filter((status) => status === 409),
    statuses.join(' '),
  ).toHaveLength(7);
  for (const answer of answers.filter((a) => a.status() === 409)) {
    expect(await answer.json()).toMatchObject({ valid: false, reason: 'limit_reached' });
  }

  // Both servers, and the buyer's own list, name the same three machines.
  const [after] = await licences();
  expect(after!.machines).toHaveLength(3);
  for (const server of servers) {
    const check = await request.post(`${server}/api/licenses/activate`, {
      headers: asIfThroughTheProxy,
      data: { key: licence!.key, machineId: 'one-more-machine' },
    });
    expect(check.status()).toBe(409);
  }
  await context.close();
});
