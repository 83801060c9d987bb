import { z } from 'zod';

/**
 * The store admin's licences (/api/admin/licenses): finding a key by its text or its buyer, a
 * licence's page with its machines and history, and the owner's four actions. The bodies are the
 * ones the browser's forms and the routes check.
 */

export const ADMIN_LICENSE_SEARCH_LIMIT = 50;
export const licenseAdminLimits = { reason: 500, seats: 100 } as const;

export const licenseAdminMessages = {
  notFound: 'Licence not found',
  queryRequired: 'Type a licence key or the buyer’s e-mail',
  reasonRequired: 'Give a reason for revoking the licence',
  reasonTooLong: `Use at most ${licenseAdminLimits.reason} characters`,
  seatsRange: `Add between 1 and ${licenseAdminLimits.seats} seats`,
  alreadyRevoked: 'This licence is already revoked',
  notRevoked: 'This licence is not revoked',
  tooManySeats: 'A licence has at most 10000 seats',
} as const;

/** GET /api/admin/licenses?q=: a key (any case, spaces or none) or a part of the buyer's e-mail. */
export const adminLicenseSearchSchema = z.object({
  q: z
    .string({ message: licenseAdminMessages.queryRequired })
    .trim()
    .min(1, licenseAdminMessages.queryRequired)
    .max(200, licenseAdminMessages.queryRequired),
});

export const revokeLicenseSchema = z.object({
  reason: z
    .string({ message: licenseAdminMessages.reasonRequired })
    .trim()
    .min(1, licenseAdminMessages.reasonRequired)
    .max(licenseAdminLimits.reason, licenseAdminMessages.reasonTooLong),
});
export type RevokeLicenseInput = z.output<typeof revokeLicenseSchema>;

export const addLicenseSeatsSchema = z.object({
  seats: z
    .int(licenseAdminMessages.seatsRange)
    .min(1, licenseAdminMessages.seatsRange)
    .max(licenseAdminLimits.seats, licenseAdminMessages.seatsRange),
});
export type AddLicenseSeatsInput = z.output<typeof addLicenseSeatsSchema>;

export const adminLicenseStatuses = ['active', 'revoked', 'expired'] as const;
export type AdminLicenseStatus = (typeof adminLicenseStatuses)[number];

/** A row of the search's answer. */
export const adminLicenseSummarySchema = z.object({
  id: z.string(),
  key: z.string(),
  product: z.object({ id: z.string().nullable(), name: z.string() }),
  /** The order's e-mail (a guest's too). */
  email: z.string(),
  seats: z.number().int(),
  /** Live machines. */
  machines: z.number().int(),
  status: z.enum(adminLicenseStatuses),
  createdAt: z.string(),
});
export type AdminLicenseSummary = z.infer<typeof adminLicenseSummarySchema>;

export const adminLicenseActivationSchema = z.object({
  id: z.string(),
  machineId: z.string(),
  machineName: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  deactivatedAt: z.string().nullable(),
});
export type AdminLicenseActivation = z.infer<typeof adminLicenseActivationSchema>;

export const adminLicenseEventSchema = z.object({
  id: z.string(),
  /** issued, activated, deactivated, revoked, restored, seats_added, machines_reset. */
  type: z.string(),
  machineId: z.string().nullable(),
  actor: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminLicenseEvent = z.infer<typeof adminLicenseEventSchema>;

/** A licence's page. */
export const adminLicenseSchema = adminLicenseSummarySchema.extend({
  order: z.object({ id: z.string(), orderNumber: z.string() }),
  /** The buyer's account, when the order was placed signed in. */
  buyer: z.object({ id: z.string(), email: z.string() }).nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** Live machines first (newest seen first), then past ones (newest freed first). */
  activations: z.array(adminLicenseActivationSchema),
  /** license_events, newest first. */
  events: z.array(adminLicenseEventSchema),
});
export type AdminLicense = z.infer<typeof adminLicenseSchema>;
