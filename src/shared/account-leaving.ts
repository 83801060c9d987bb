import { z } from 'zod';
import { orderViewSchema } from './orders';
import { savedBillingSchema } from './saved-billing';

/** Devices (signed-in sessions) and leaving the store: the rules and texts both sides read. */

/**
 * Without a password, deleting the account needs a sign-in this recent (a passkey or an e-mailed
 * code): proof that whoever holds the session also holds the account, not only its cookie.
 */
export const DELETE_ACCOUNT_FRESH_SIGN_IN_SECONDS = 5 * 60;

/** How the admin names the buyer of an order whose account was deleted. */
export const DELETED_CUSTOMER = 'Deleted customer';

/**
 * The e-mail an order keeps once its buyer's account is deleted: unique per order, and on the
 * `.invalid` top-level domain, which can never receive mail (RFC 2606).
 */
export const DELETED_EMAIL = { prefix: 'deleted-', suffix: '@deleted.invalid' } as const;
export const deletedCustomerEmail = (orderId: string) =>
  `${DELETED_EMAIL.prefix}${orderId}${DELETED_EMAIL.suffix}`;

/** The billing fields an order keeps for the seller's books (the country a sale is taxed by). */
export const BILLING_FIELDS_KEPT_AFTER_DELETION = ['country'] as const;

export const leavingMessages = {
  sessionNotFound: 'Session not found',
  signedOutDevice: 'That device has been signed out.',
  signedOutOthers: 'Every other device has been signed out.',
  signOutFailed: 'Sign out failed. Please try again.',
  passwordRequired: 'Enter your password to delete your account.',
  freshSignInRequired:
    'For your safety, confirm it is you: sign in again with a passkey or an e-mailed code, then delete your account within 5 minutes.',
  wrongPassword: 'Your password is not correct.',
  passkeyOfAnotherAccount:
    'That passkey belongs to another account, which you are now signed in to. Nothing was deleted.',
  accountDeleted: 'Your account has been deleted.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  downloadsEnded: "This order's downloads ended when its buyer deleted their account.",
  noAddressLeft: 'The buyer deleted their account: the order keeps no address to send to.',
} as const;

/** GET /api/account/export: everything the store keeps about the signed-in buyer. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    phoneNumber: z.string().nullable(),
    createdAt: z.string(),
    /** Ways in: a password, and each linked sign-in provider. */
    signInMethods: z.array(z.string()),
    passkeys: z.array(z.object({ name: z.string().nullable(), createdAt: z.string() })),
  }),
  orders: z.array(orderViewSchema.extend({ billingDetails: z.record(z.string(), z.string()) })),
  downloads: z.array(
    z.object({
      at: z.string(),
      productId: z.string(),
      productName: z.string(),
      orderItemId: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** The buyer's licence keys, in force or not, and the machines each was activated on. */
  licences: z.array(
    z.object({
      key: z.string(),
      productId: z.string().nullable(),
      productName: z.string().nullable(),
      orderId: z.string(),
      seats: z.number(),
      issuedAt: z.string(),
      expiresAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
      revokedReason: z.string().nullable(),
      machines: z.array(
        z.object({
          machineId: z.string(),
          name: z.string().nullable(),
          firstSeenAt: z.string(),
          lastSeenAt: z.string(),
          deactivatedAt: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** The buyer's reviews, published or hidden, with the owner's reply. */
  reviews: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      rating: z.number(),
      title: z.string(),
      body: z.string(),
      status: z.string(),
      reply: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  newsletter: z.array(
    z.object({
      list: z.string(),
      status: z.enum(['pending', 'subscribed', 'unsubscribed']),
      source: z.string(),
      since: z.string(),
    }),
  ),
  wishlist: z.array(
    z.object({ productId: z.string(), productName: z.string(), addedAt: z.string() }),
  ),
  cart: z.array(z.object({ productId: z.string(), productName: z.string(), quantity: z.number() })),
  /** The billing details the next checkout starts from (the last paid cart checkout's), or null. */
  savedBillingDetails: savedBillingSchema.nullable(),
  sessions: z.array(
    z.object({
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
  supportMessages: z.array(
    z.object({ subject: z.string(), message: z.string(), createdAt: z.string() }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The export's file name: the store's name and the day. */
export const exportFileName = (day: Date) =>
  `loopmarket-my-data-${day.toISOString().slice(0, 10)}.json`;
