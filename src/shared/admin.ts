import { z } from 'zod';

/** What every /api/admin call answers a visitor (401) and a customer (403). */
export const adminMessages = {
  notSignedIn: 'Sign in with a store admin account to continue',
  forbidden: "You don't have access to the store admin",
} as const;

/** GET /api/admin/summary: the dashboard's numbers, counted by the database. */
export const adminSummarySchema = z.object({
  products: z.object({ active: z.number().int(), inactive: z.number().int() }),
  categories: z.number().int(),
  /** COMPLETED orders, and what they brought in net of refunds. */
  paidOrders: z.number().int(),
  revenueCents: z.number().int(),
});

export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** One entry of an entity's audit log (GET /api/admin/<entities>/:id/audit). */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** The API key the write was made with, if it was. */
  apiKey: z.object({ id: z.string(), name: z.string() }).optional(),
  /** Per changed field: [before, after]. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** Who an audit entry names as its author: the admin, and the API key when one was used. */
export function auditAuthor(entry: Pick<AuditEntryView, 'actor' | 'apiKey'>): string {
  const admin = entry.actor?.email ?? 'a former admin';
  return entry.apiKey ? `${admin} with the API key “${entry.apiKey.name}”` : admin;
}
