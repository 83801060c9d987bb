import { describe, expect, it } from 'vitest';
import { sessionKeys } from '#web/session/session-query';
import { ApiError } from './http';
import { createQueryClient } from './query-client';

/** A client whose session has been read once (nobody signed in, as far as it knows). */
async function clientWithSession() {
  const client = createQueryClient();
  await client.fetchQuery({ queryKey: sessionKeys.all, queryFn: () => null });
  return client;
}

describe('the query client', () => {
  it('reads the session again when a read answers 401, so a signed-in page leaves', async () => {
    const client = await clientWithSession();
    await client
      .fetchQuery({
        queryKey: ['orders'],
        queryFn: () => Promise.reject(new ApiError(401, 'UNAUTHORIZED', 'User not authenticated')),
      })
      .catch(() => undefined);
    // Invalidated: RequireAuth's observer reads it again at once.
    expect(client.getQueryState(sessionKeys.all)?.isInvalidated).toBe(true);
  });

  it('leaves the session alone for any other failure', async () => {
    const client = await clientWithSession();
    for (const error of [
      new ApiError(403, 'FORBIDDEN', 'No'),
      new ApiError(404, 'NOT_FOUND', 'Gone'),
      new Error('network'),
    ]) {
      await client
        .fetchQuery({ queryKey: ['orders', error.message], queryFn: () => Promise.reject(error) })
        .catch(() => undefined);
    }
    expect(client.getQueryState(sessionKeys.all)?.isInvalidated).toBe(false);
  });
});
