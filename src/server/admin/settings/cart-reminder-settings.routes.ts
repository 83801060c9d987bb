import { createRoute } from '@hono/zod-openapi';
import { cartReminderSettingsSchema } from '#shared/cart-reminders';
import type { Services } from '../../services';
import { createRouter, jsonBody, jsonContent } from '../../http/router';
import {
  readCartReminderSettings,
  saveCartReminderSettings,
} from '../../cart-reminders/cart-reminders.service';
import { adminFailures, type AdminEnv } from '../require-admin';

const failures = adminFailures();

const routes = {
  read: createRoute({
    method: 'get',
    path: '/admin/settings/cart-reminders',
    responses: {
      200: jsonContent(cartReminderSettingsSchema, 'Whether cart reminders are sent, and when'),
      ...failures,
    },
  }),
  save: createRoute({
    method: 'put',
    path: '/admin/settings/cart-reminders',
    request: jsonBody(cartReminderSettingsSchema),
    responses: {
      200: jsonContent(cartReminderSettingsSchema, 'The reminder settings as saved'),
      ...failures,
    },
  }),
};

/** /api/admin/settings/cart-reminders (behind requireAdmin): on or off, and the delay. */
export function cartReminderSettingsRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter<AdminEnv>()
    .openapi(routes.read, async (c) => c.json(await readCartReminderSettings(db), 200))
    .openapi(routes.save, async (c) =>
      c.json(await saveCartReminderSettings(db, c.get('admin').id, c.req.valid('json')), 200),
    );
}
