import { expect, test } from '../e2e/fixtures';
import { freshEmail } from '../e2e/shoppers';
import { cluster } from './cluster-env';

/** Newsletter signups one client address may make in an hour (newsletter.routes.ts). */
const SIGNUPS_PER_ADDRESS = 10;

/**
 * A rate limit is one counter in the database, not one per server: a client whose signups go
 * alternately to server A and server B is refused after the limit, not after twice it.
 */
test('newsletter signups alternating between the servers are refused at the limit, not twice it', async ({
  request,
}) => {
  // One client, as nginx names it to the servers (X-Forwarded-For, its last entry).
  const client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const servers = [cluster.serverA, cluster.serverB];
  const statuses: number[] = [];
  for (let n = 0; n < SIGNUPS_PER_ADDRESS + 2; n++) {
    const answer = await request.post(`${servers[n % 2]}/api/newsletter`, {
      headers: { 'x-forwarded-for': client },
      data: {
        email: freshEmail('cluster-news'),
        subscriptionType: 'newsletter',
        source: 'home_page',
      },
    });
    statuses.push(answer.status());
    if (answer.status() === 429) {
      expect(answer.headers()['retry-after']).toMatch(/^\d+$/);
      expect(await answer.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    }
  }
  expect(statuses).toEqual([
    ...Array<number>(SIGNUPS_PER_ADDRESS).fill(200),
    429, // the 11th, on server A
    429, // the 12th, on server B
  ]);

  // Another address is not held back by this one's count, on either server.
  for (const server of servers) {
    const other = await request.post(`${server}/api/newsletter`, {
      headers: { 'x-forwarded-for': '198.51.100.7' },
      data: {
        email: freshEmail('cluster-news'),
        subscriptionType: 'newsletter',
        source: 'home_page',
      },
    });
    expect(other.status()).toBe(200);
  }
});
