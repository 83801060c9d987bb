import { mkdirSync } from 'node:fs';
import { seriousViolations } from './axe';
import { expect, test, type Page } from './fixtures';
import { privateStore } from './private-store';
import { createSignedInAccount, freshEmail } from './shoppers';

/**
 * A store of the spec file's own whose owner is made an admin by the CLI, as an owner does:
 * signed up and confirmed, then `npm run admin -- grant` (with the embedded database stopped
 * around it), with the journey's own settings if it has any. Called at a spec file's top level, it runs the file's tests one by one on that
 * store.
 */
export async function ownerStore(label: string, settings: NodeJS.ProcessEnv = {}) {
  const store = await privateStore(Number(process.env.E2E_PORT ?? 3111) + 50, settings);
  const owner = freshEmail(label);

  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: store.url });
  test.beforeAll(async ({ playwright }) => {
    // Two starts of a store (migrations, the seed on the first) and the CLI between them: more
    // than a test's 30 s on a busy machine.
    test.setTimeout(180_000);
    await store.start();
    const request = await playwright.request.newContext({ baseURL: store.url });
    await createSignedInAccount(request, owner);
    await request.dispose();
    if (store.embedded) await store.stop();
    expect(store.admin('grant', owner).status).toBe(0);
    if (store.embedded) await store.start();
  });
  test.afterAll(() => store.stop());

  return {
    store,
    owner,
    signInOwner: (page: Page) => createSignedInAccount(page.request, owner, { signUp: false }),
  };
}

/**
 * The demo catalogue seeded again with its files, for a journey about demo products (the
 * embedded store stopped around it, as only one process may open it). Seeding takes more than a
 * hook's 30 s on a busy machine, so the hook gets three minutes.
 */
export async function seedDemoCatalogue(store: Awaited<ReturnType<typeof privateStore>>) {
  test.setTimeout(180_000);
  if (store.embedded) await store.stop();
  const seeded = store.seed();
  expect(seeded.status, seeded.output).toBe(0);
  if (store.embedded) await store.start();
}

const shots = process.env.SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });

/**
 * An admin page at both widths it is checked at, the desktop and a phone: axe finds nothing
 * serious and the page does not scroll sideways. With SCREENSHOTS=<folder>, a full-page picture
 * of each, named `<name>-<width>.png`.
 */
export async function checkAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `axe on ${name} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, `sideways scroll on ${name} at ${width} px`).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
