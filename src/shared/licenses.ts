import { z } from 'zod';
import { LICENSE_KEY_FORMAT_MESSAGE, normaliseLicenseKey } from './license-keys';

/**
 * Licences: the keys a purchase issues, the machines they run on, and the licence API a plugin
 * calls (docs/licensing.md). One licence per licence bought: a line of quantity 2 issues two
 * keys; each key activates on its product's activation limit of machines (a Team licence product
 * sets its limit to its seats: one key, 5 machines).
 */

/** Seats a new licensed product gets (the admin editor's default). */
export const DEFAULT_ACTIVATION_LIMIT = 3;
/** A certificate keeps a plugin working offline this long after it was issued. */
export const OFFLINE_GRACE_DAYS = 14;
/** Deactivations a key may make in any 30 days: moving machines, not minting certificates. */
export const DEACTIVATIONS_PER_30_DAYS = 5;
/** The categories whose new products issue keys unless the owner says otherwise. */
export const LICENSED_CATEGORY_SLUGS: readonly string[] = ['plugins', 'apps'];

/** The JWK set's public address (a plugin embeds the key or fetches it once). */
export const LICENSING_KEYS_PATH = '/.well-known/loopmarket/licensing-keys.json';

const key = z
  .string({ message: LICENSE_KEY_FORMAT_MESSAGE })
  .max(64, LICENSE_KEY_FORMAT_MESSAGE)
  .transform((text, ctx) => {
    const normal = normaliseLicenseKey(text);
    if (!normal) {
      ctx.addIssue({ code: 'custom', message: LICENSE_KEY_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return normal;
  });
const machineId = z
  .string({ message: 'machineId is required' })
  .trim()
  .min(1, 'machineId is required')
  .max(200, 'machineId is at most 200 characters');
const machineName = z.string().trim().max(100, 'machineName is at most 100 characters');

export const activateLicenseSchema = z.object({
  key,
  machineId,
  machineName: machineName.optional(),
});
export const validateLicenseSchema = z.object({ key, machineId: machineId.optional() });
export const deactivateLicenseSchema = z.object({ key, machineId });
export type ActivateLicenseInput = z.infer<typeof activateLicenseSchema>;
export type ValidateLicenseInput = z.infer<typeof validateLicenseSchema>;
export type DeactivateLicenseInput = z.infer<typeof deactivateLicenseSchema>;

/** Why a key does not unlock the plugin here, as validate answers it. */
export const licenseInvalidReasons = ['unknown', 'revoked', 'expired', 'not_activated'] as const;
export type LicenseInvalidReason = (typeof licenseInvalidReasons)[number];

export const licenseMessages = {
  unknown: 'This licence key is not known to the store',
  revoked: 'This licence key has been revoked',
  expired: 'This licence key has expired',
  not_activated: 'This licence key is not activated on this machine',
  limitReached: (seats: number) =>
    `This licence key is already activated on ${seats} machine${seats === 1 ? '' : 's'}, its limit: deactivate one first`,
  tooManySwaps: `This licence key has been moved between machines ${DEACTIVATIONS_PER_30_DAYS} times in 30 days: try again later or contact support`,
} as const;

/** The certificate's payload (a compact JWS, EdDSA/Ed25519, `kid` in its header). */
export interface LicenseCertificateClaims {
  /** The store (PUBLIC_URL). */
  iss: string;
  /** The licence's id (not its key: a certificate may be shown without giving the key away). */
  sub: string;
  /** The product's id and name. */
  product: { id: string; name: string };
  machineId: string;
  seats: number;
  /** The licence's own end (seconds since the epoch), or null for a perpetual licence. */
  licenseExpiresAt: number | null;
  /** Issued at, and the end of the offline grace period (JWT's iat and exp, seconds). */
  iat: number;
  exp: number;
}

/** A machine as its buyer sees it in the hub. */
export interface LicenseMachineView {
  id: string;
  name: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** A licence as `GET /api/licenses` lists it for its buyer. */
export interface LicenseView {
  id: string;
  key: string;
  orderId: string;
  product: { id: string | null; name: string };
  seats: number;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  machines: LicenseMachineView[];
}

/** What the licence API answers a plugin (activate and validate). */
export type LicenseCheckResponse =
  | {
      valid: true;
      license: { id: string; productId: string | null; seats: number; expiresAt: string | null };
      activation?: { machineId: string; machineName: string | null; firstSeenAt: string };
      certificate?: string;
    }
  | { valid: false; reason: LicenseInvalidReason; message: string };

/**
 * Activate past the key's seats (409): the machines in use, by the names their plugins gave them
 * (never their ids: whoever holds the key sees this), so the buyer knows which one to free.
 */
export interface LicenseLimitReachedResponse {
  valid: false;
  reason: 'limit_reached';
  message: string;
  machines: { name: string | null; lastSeenAt: string }[];
}

/** What deactivate answers when the seat was freed. */
export interface LicenseDeactivateResponse {
  deactivated: true;
  /** Machines still activated, and the key's seats. */
  machinesInUse: number;
  seats: number;
}
