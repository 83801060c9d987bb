import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The lint keeps the layout (docs/architecture.md): each case plants files that break one rule of
 * .dependency-cruiser.cjs in a scratch copy of the layout, and expects the lint's dependency
 * check to name that rule (and nothing for a clean layout). `npm run lint` runs the same check
 * on the real src.
 */
const repo = resolve(import.meta.dirname, '../..');
const depcruise = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const scratchDirs: string[] = [];
afterAll(() => scratchDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function violations(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'loopmarket-lint-'));
  scratchDirs.push(dir);
  copyFileSync(join(repo, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  copyFileSync(join(repo, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = promisify(execFile);
  const args = [depcruise, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  // Exit code 1 means violations were found; the JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: dir }).catch(
    (error: { stdout: string }) => error,
  );
  const report = JSON.parse(stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return report.summary.violations.map((violation) => violation.rule.name);
}

const cartPage = { 'src/web/features/cart/cart-page.tsx': 'export const CartPage = 1;\n' };

describe('the lint', () => {
  it('refuses a feature importing another feature', async () => {
    expect(
      await violations({
        ...cartPage,
        'src/web/features/orders/orders-page.tsx':
          "import { CartPage } from '../cart/cart-page';\nexport const page = CartPage;\n",
      }),
    ).toEqual(['feature-imports-feature']);
  });

  it('refuses a shared web module importing a feature, even by alias', async () => {
    expect(
      await violations({
        ...cartPage,
        'src/web/components/banner.tsx':
          "import { CartPage } from '#web/features/cart/cart-page';\nexport const page = CartPage;\n",
      }),
    ).toEqual(['shared-web-imports-feature']);
  });

  it('lets a feature import its own folder and shared modules, and the router import features', async () => {
    expect(
      await violations({
        ...cartPage,
        'src/web/cart/use-cart.ts': 'export const useCart = 1;\n',
        'src/web/features/cart/cart-line.tsx':
          "import { useCart } from '#web/cart/use-cart';\nimport { CartPage } from './cart-page';\nexport const line = [useCart, CartPage];\n",
        'src/web/router.tsx':
          "import { CartPage } from './features/cart/cart-page';\nexport const routes = [CartPage];\n",
      }),
    ).toEqual([]);
  });

  it('refuses shared importing the server or the web', async () => {
    expect(
      await violations({
        'src/server/db/client.ts': 'export type Db = number;\n',
        'src/web/api/http.ts': 'export const apiFetch = 1;\n',
        'src/shared/money.ts':
          "import type { Db } from '#server/db/client';\nimport { apiFetch } from '../web/api/http';\nexport const cents = (db: Db) => [db, apiFetch];\n",
      }),
    ).toEqual(['shared-imports-server-or-web', 'shared-imports-server-or-web']);
  });

  it('refuses the web importing the server, even a type only', async () => {
    expect(
      await violations({
        'src/server/health/health-schema.ts': 'export type HealthReport = { status: string };\n',
        'src/web/features/diagnostics/api.ts':
          "import type { HealthReport } from '#server/health/health-schema';\nexport const read = (report: HealthReport) => report.status;\n",
      }),
    ).toEqual(['web-imports-server']);
  });

  it('refuses the server importing the web source', async () => {
    expect(
      await violations({
        'src/web/entry-server.tsx': 'export const PAGE_STATE_ID = 1;\n',
        'src/server/web/server-rendering.ts':
          "import { PAGE_STATE_ID } from '../../web/entry-server';\nexport const stateId = PAGE_STATE_ID;\n",
      }),
    ).toEqual(['server-imports-web']);
  });

  it('refuses the database floor importing a room above it, and lets it import shared', async () => {
    expect(
      await violations({
        'src/shared/product.ts': 'export const isDigital = 1;\n',
        'src/server/demo/demo-catalogue.ts': 'export const demoProducts = [];\n',
        'src/server/db/seed.ts':
          "import { demoProducts } from '../demo/demo-catalogue';\nimport { isDigital } from '#shared/product';\nimport { db } from './client';\nexport const seed = [demoProducts, isDigital, db];\n",
        'src/server/db/client.ts': 'export const db = 1;\n',
      }),
    ).toEqual(['db-imports-above']);
  });

  it('refuses payments importing the checkout, and lets the checkout import payments', async () => {
    expect(
      await violations({
        'src/server/payments/payment-provider.ts': 'export const provider = 1;\n',
        'src/server/checkout/checkout.service.ts':
          "import { provider } from '../payments/payment-provider';\nexport const findOrder = provider;\n",
        'src/server/payments/local-payments.service.ts':
          "import { findOrder } from '../checkout/checkout.service';\nexport const order = findOrder;\n",
      }),
    ).toEqual(['payments-imports-checkout']);
  });

  it('refuses an import circle, a type-only one included', async () => {
    expect(
      await violations({
        'src/server/a.ts': "import type { B } from './b';\nexport const a = (b: B) => b;\n",
        'src/server/b.ts':
          "import { a } from './a';\nexport type B = number;\nexport const b = a;\n",
      }),
    ).toContain('no-circular');
  });
});
