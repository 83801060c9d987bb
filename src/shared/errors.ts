/** The closed list of error codes the API answers with, and the status each one carries. */
export const errorStatus = {
  /** Input that breaks a schema; `fields` names each bad field. */
  VALIDATION_FAILED: 400,
  /** A request the server cannot read at all (malformed JSON or URL encoding, control characters). */
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  /** The path exists, but not for this method; the answer carries `Allow`. */
  METHOD_NOT_ALLOWED: 405,
  /** A body over the route's limit, refused before it is read. */
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  /** A cart quantity above the product's purchase limit. */
  PURCHASE_LIMIT: 400,
  INVALID_PROMO_CODE: 400,
  /** The (test) card was refused; the order stays unpaid. */
  PAYMENT_DECLINED: 402,
  ACCESS_DENIED: 403,
  ORDER_NOT_COMPLETED: 400,
  NO_DOWNLOADS_REMAINING: 400,
  NO_DOWNLOAD_URL: 500,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database could not be reached (a restart, a failover): try again in a moment. */
  SERVICE_UNAVAILABLE: 503,

  // better-auth's own codes under /api/auth that the account screens answer in their own words.
  // better-auth sends some of them with different statuses from different endpoints (a bad
  // token is 401 at verify-email and 400 at reset-password); the store answers each with one.
  INVALID_EMAIL_OR_PASSWORD: 401,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_EMAIL: 400,
  INVALID_PASSWORD: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_LONG: 400,
  /** A confirmation or reset link whose token is unknown, already used or altered. */
  INVALID_TOKEN: 400,
  TOKEN_EXPIRED: 400,
  /** A confirmation link for an account that no longer exists. */
  USER_NOT_FOUND: 400,
  /** A wrong two-factor code from the authenticator app, or a wrong backup code. */
  INVALID_CODE: 401,
  INVALID_BACKUP_CODE: 401,
  /** A sign-in to an account a store admin has banned (better-auth's admin plugin). */
  BANNED_USER: 403,
  /** An e-mailed sign-in code that is wrong, or that was never sent (or already used). */
  INVALID_OTP: 400,
  /** An e-mailed sign-in code older than its 10 minutes. */
  OTP_EXPIRED: 400,
  /** A sign-in code guessed wrong too often: it no longer works, a new one must be sent. */
  TOO_MANY_ATTEMPTS: 403,
  /** Removing the account's last password, passkey or linked sign-in (auth/ways-in.ts). */
  LAST_WAY_IN: 400,
  /** A change that needs a recent sign-in (adding a passkey) from a session a day old or more. */
  SESSION_NOT_FRESH: 403,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field name → messages, for VALIDATION_FAILED. */
    fields?: Record<string, string[]>;
  };
}
