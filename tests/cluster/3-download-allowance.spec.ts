import { expect, test } from '../e2e/fixtures';
import { buy, createSignedInAccount, freshEmail, productNamed } from '../e2e/shoppers';
import { asIfThroughTheProxy, cluster } from './cluster-env';

interface Purchase {
  id: string;
  productId: string;
  downloadsRemaining: number;
}

/**
 * A line's download allowance is one row both servers spend from: twelve download requests at
 * once, half to each server, for a line with three downloads left give exactly three links,
 * and the allowance ends at zero, never below.
 */
test('a download allowance of 3 spent at once through both servers gives exactly 3 links', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: cluster.proxyUrl,
    extraHTTPHeaders: asIfThroughTheProxy,
  });
  const buyer = context.request;
  await createSignedInAccount(buyer, freshEmail('cluster-downloads'));
  const product = await productNamed(buyer, 'Dusty Soul Sample Pack');
  expect(product.downloadLimit).toBe(3);
  await buy(buyer, product);
  const purchases = (await (await buyer.get('/api/purchases')).json()) as { data: Purchase[] };
  const line = purchases.data.find((purchase) => purchase.productId === product.id);
  expect(line?.downloadsRemaining).toBe(3);

  const servers = [cluster.serverA, cluster.serverB];
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, n) => {
      const server = servers[n % 2]!;
      return buyer.post(`${server}/api/downloads`, {
        data: { orderItemId: line!.id },
        headers: { origin: server },
      });
    }),
  );
  const statuses = answers.map((answer) => answer.status());
  expect(
    statuses.filter((status) => status === 200),
    statuses.join(' '),
  ).toHaveLength(3);
  const refusals = await Promise.all(
    answers.filter((answer) => answer.status() !== 200).map(async (answer) => answer.json()),
  );
  for (const refusal of refusals) {
    expect(refusal).toMatchObject({ error: { code: 'NO_DOWNLOADS_REMAINING' } });
  }
  // Each link that was given names what was left after it: 2, 1 and 0, once each.
  const remaining = await Promise.all(
    answers
      .filter((answer) => answer.status() === 200)
      .map(
        async (answer) =>
          ((await answer.json()) as { downloadsRemaining: number }).downloadsRemaining,
      ),
  );
  expect(remaining.sort()).toEqual([0, 1, 2]);

  for (const server of servers) {
    const after = (await (await buyer.get(`${server}/api/purchases`)).json()) as {
      data: Purchase[];
    };
    expect(after.data.find((purchase) => purchase.id === line!.id)?.downloadsRemaining).toBe(0);
  }
  await context.close();
});
