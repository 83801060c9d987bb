import { cartMessages } from '#shared/cart';
import type { ErrorCode } from '#shared/errors';
import { ApiError } from '#web/api/http';

/** The changes a buyer makes to the cart; each has its own failure message. */
export type CartWriteKind = 'add' | 'set' | 'amount' | 'remove' | 'clear';

const failedMessage: Record<CartWriteKind, string> = {
  add: cartMessages.addFailed,
  set: cartMessages.updateFailed,
  amount: cartMessages.amountFailed,
  remove: cartMessages.removeFailed,
  clear: cartMessages.clearFailed,
};

/** Every code a cart write can be answered with, and 'NETWORK' when no answer came. */
export type CartErrorCode =
  | Extract<
      ErrorCode,
      | 'CONFLICT'
      | 'PURCHASE_LIMIT'
      | 'PRODUCT_NOT_FOUND'
      | 'NOT_FOUND'
      | 'UNAUTHORIZED'
      | 'VALIDATION_FAILED'
      | 'BAD_REQUEST'
      | 'PAYLOAD_TOO_LARGE'
      | 'UNSUPPORTED_MEDIA_TYPE'
      | 'METHOD_NOT_ALLOWED'
      | 'RATE_LIMITED'
      | 'INTERNAL'
      | 'SERVICE_UNAVAILABLE'
    >
  | 'NETWORK';

type CartErrorText = (kind: CartWriteKind, serverMessage: string) => string;

const failed: CartErrorText = (kind) => failedMessage[kind];

/**
 * The cart's messages, one per code. The server words a purchase limit with the limit in it
 * (the texts of #shared/cart); every other failure the buyer cannot act on gets the generic
 * message for what they tried.
 */
export const cartErrorMessages: Record<CartErrorCode, CartErrorText> = {
  /** Adding a digital download the buyer already owns. */
  CONFLICT: () => cartMessages.owned,
  PURCHASE_LIMIT: (kind, serverMessage) => serverMessage || failed(kind, serverMessage),
  PRODUCT_NOT_FOUND: () => cartMessages.productUnavailable,
  NOT_FOUND: failed,
  UNAUTHORIZED: failed,
  /** A pay-what-you-want amount the server refused: its message names the bound. */
  VALIDATION_FAILED: (kind, serverMessage) =>
    kind === 'amount' && serverMessage ? serverMessage : failed(kind, serverMessage),
  BAD_REQUEST: failed,
  PAYLOAD_TOO_LARGE: failed,
  UNSUPPORTED_MEDIA_TYPE: failed,
  METHOD_NOT_ALLOWED: failed,
  RATE_LIMITED: failed,
  INTERNAL: failed,
  SERVICE_UNAVAILABLE: failed,
  NETWORK: failed,
};

const isCartErrorCode = (code: string): code is CartErrorCode =>
  Object.hasOwn(cartErrorMessages, code);

/** What the buyer is told when a change to the signed-in cart fails, whatever add path made it. */
export function cartErrorMessage(error: unknown, kind: CartWriteKind): string {
  if (error instanceof ApiError && isCartErrorCode(error.code)) {
    return cartErrorMessages[error.code](kind, error.message);
  }
  return failedMessage[kind];
}
