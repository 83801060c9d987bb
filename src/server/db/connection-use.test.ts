import { describe, expect, it } from 'vitest';
import { serialConnectionUse } from './connection-use';

/** An operation that runs until its `finish()`. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: () => done, finish };
}

describe("PGlite's one connection: its use and the callers waiting for it", () => {
  it('counts the callers behind the running one, and how long each waited', async () => {
    const use = serialConnectionUse();
    expect(use.read()).toMatchObject({ max: 1, inUse: 0, waiting: 0, acquired: 0 });
    const [first, second, third] = [held(), held(), held()];
    const settled = [use.track(first.run), use.track(second.run), use.track(third.run)];
    expect(use.read()).toMatchObject({ inUse: 1, waiting: 2, acquired: 1 });

    await new Promise((resolve) => setTimeout(resolve, 20));
    first.finish();
    await settled[0];
    expect(use.read()).toMatchObject({ inUse: 1, waiting: 1, acquired: 2 });
    // The second waited the 20 ms the first ran.
    expect(use.read().waitSeconds).toBeGreaterThanOrEqual(0.015);

    second.finish();
    third.finish();
    await Promise.all(settled);
    expect(use.read()).toMatchObject({ inUse: 0, waiting: 0, acquired: 3 });
  });

  it('lets a failed operation go like a finished one', async () => {
    const use = serialConnectionUse();
    await expect(use.track(() => Promise.reject(new Error('syntax error')))).rejects.toThrow();
    expect(use.read()).toMatchObject({ inUse: 0, waiting: 0, acquired: 1 });
  });
});
