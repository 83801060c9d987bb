import { createRoute, z } from '@hono/zod-openapi';
import {
  legalPagesInputSchema,
  legalPagesSchema,
  markdownPreviewSchema,
  storeSettingsInputSchema,
  storeSettingsSchema,
} from '#shared/store-settings-schema';
import type { Services } from '../../services';
import { createRouter, jsonBody, jsonContent } from '../../http/router';
import {
  readLegalPages,
  readStoreSettings,
  renderLegalMarkdown,
  saveLegalPages,
  saveStoreSettings,
  type StoreDefaults,
} from '../../settings/store-brand.service';
import { adminFailures, type AdminEnv } from '../require-admin';

const failures = adminFailures();

const routes = {
  store: createRoute({
    method: 'get',
    path: '/admin/settings/store',
    responses: {
      200: jsonContent(
        storeSettingsSchema,
        'The store settings, the environment’s where never saved',
      ),
      ...failures,
    },
  }),
  saveStore: createRoute({
    method: 'put',
    path: '/admin/settings/store',
    request: jsonBody(storeSettingsInputSchema),
    responses: {
      200: jsonContent(storeSettingsSchema, 'The store settings as saved'),
      ...failures,
    },
  }),
  pages: createRoute({
    method: 'get',
    path: '/admin/settings/pages',
    responses: {
      200: jsonContent(
        legalPagesSchema,
        'The legal pages’ Markdown, today’s texts where never saved',
      ),
      ...failures,
    },
  }),
  savePages: createRoute({
    method: 'put',
    path: '/admin/settings/pages',
    request: jsonBody(legalPagesInputSchema),
    responses: { 200: jsonContent(legalPagesSchema, 'The legal pages as saved'), ...failures },
  }),
  preview: createRoute({
    method: 'post',
    path: '/admin/settings/pages/preview',
    request: jsonBody(markdownPreviewSchema),
    responses: {
      200: jsonContent(z.object({ html: z.string() }), 'The Markdown as the page will show it'),
      ...failures,
    },
  }),
};

/** /api/admin/settings/{store,pages}: the store's look, links and legal texts (requireAdmin). */
export function adminStoreSettingsRoutes({
  db,
  config,
  changes,
  brand,
}: Pick<Services, 'db' | 'config' | 'changes' | 'brand'>) {
  const defaults: StoreDefaults = {
    storeName: config.storeName,
    supportEmail: config.supportEmail,
    mailFrom: config.mailFrom,
  };
  const deps = { db, changes, defaults };
  return createRouter<AdminEnv>()
    .openapi(routes.store, async (c) => c.json(await readStoreSettings(db, defaults), 200))
    .openapi(routes.saveStore, async (c) =>
      c.json(await saveStoreSettings(deps, c.get('admin').id, c.req.valid('json')), 200),
    )
    .openapi(routes.pages, async (c) => c.json(await readLegalPages(db), 200))
    .openapi(routes.savePages, async (c) =>
      c.json(await saveLegalPages(deps, c.get('admin').id, c.req.valid('json')), 200),
    )
    .openapi(routes.preview, async (c) => {
      const store = await brand.settings();
      return c.json({ html: renderLegalMarkdown(c.req.valid('json').markdown, store).html }, 200);
    });
}
