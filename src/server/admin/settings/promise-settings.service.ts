import {
  PROMISE_SETTINGS_KEY,
  promiseSettingsSchema,
  type PromiseSettings,
} from '#shared/promises';
import type { Db } from '../../db/client';
import { readSettings, writeSettings } from '../../settings/store-settings';

/** The store's promises (admin → Settings → Promises): none until the owner makes them. */
export const readPromiseSettings = (db: Db) =>
  readSettings(db, PROMISE_SETTINGS_KEY, promiseSettingsSchema);

/** Saves them as the route parsed them, audited. */
export const savePromiseSettings = (db: Db, actorId: string, settings: PromiseSettings) =>
  writeSettings(db, PROMISE_SETTINGS_KEY, promiseSettingsSchema, settings, actorId);
