import { z } from 'zod';
import { adminTaxSettingsMessages, taxSettingsProblems } from '#shared/admin-tax-settings';
import {
  SELLER_SETTINGS_KEY,
  TAX_SETTINGS_KEY,
  sellerSettingsSchema,
  taxSettingsSchema,
  type SellerSettings,
  type TaxSettings,
} from '#shared/tax-settings';
import type { Db } from '../../db/client';
import { validationError } from '../../http/app-error';
import { readSettings, writeSettings } from '../../settings/store-settings';

/**
 * The owner's tax and seller settings (admin → Settings). The routes parse each body with the
 * section's schema; these add what a shape cannot say (a country that exists, no EU one-stop
 * shop for an EU home, a region only for the US and Canada) and save it audited.
 */

export const readTaxSettings = (db: Db) => readSettings(db, TAX_SETTINGS_KEY, taxSettingsSchema);
export const readSellerSettings = (db: Db) =>
  readSettings(db, SELLER_SETTINGS_KEY, sellerSettingsSchema);

export async function saveTaxSettings(
  db: Db,
  actorId: string,
  settings: TaxSettings,
): Promise<TaxSettings> {
  const problems = taxSettingsProblems(settings);
  if (problems.length) throw validationError({ issues: problems });
  return writeSettings(db, TAX_SETTINGS_KEY, taxSettingsSchema, settings, actorId);
}

const email = z.email();

export async function saveSellerSettings(
  db: Db,
  actorId: string,
  settings: SellerSettings,
): Promise<SellerSettings> {
  if (settings.email && !email.safeParse(settings.email).success) {
    throw validationError({
      issues: [{ path: ['email'], message: adminTaxSettingsMessages.email }],
    });
  }
  return writeSettings(db, SELLER_SETTINGS_KEY, sellerSettingsSchema, settings, actorId);
}
