import { createRoute } from '@hono/zod-openapi';
import { promiseSettingsSchema } from '#shared/promises';
import type { Services } from '../../services';
import { createRouter, jsonBody, jsonContent } from '../../http/router';
import { adminFailures, type AdminEnv } from '../require-admin';
import { readPromiseSettings, savePromiseSettings } from './promise-settings.service';

const failures = adminFailures();

const routes = {
  promises: createRoute({
    method: 'get',
    path: '/admin/settings/promises',
    responses: {
      200: jsonContent(promiseSettingsSchema, "The store's promises, none where never saved"),
      ...failures,
    },
  }),
  savePromises: createRoute({
    method: 'put',
    path: '/admin/settings/promises',
    request: jsonBody(promiseSettingsSchema),
    responses: {
      200: jsonContent(promiseSettingsSchema, "The store's promises as saved"),
      ...failures,
    },
  }),
};

/**
 * /api/admin/settings/promises: the money-back window and free updates of every product that
 * sets none of its own (behind requireAdmin). Product pages show them: a save drops the pages
 * rendered before it, on every server process, as a catalogue write does.
 */
export function promiseSettingsRoutes({ db, changes }: Pick<Services, 'db' | 'changes'>) {
  return createRouter<AdminEnv>()
    .openapi(routes.promises, async (c) => c.json(await readPromiseSettings(db), 200))
    .openapi(routes.savePromises, async (c) => {
      const saved = await savePromiseSettings(db, c.get('admin').id, c.req.valid('json'));
      changes.notify();
      await changes.announce(db);
      return c.json(saved, 200);
    });
}
