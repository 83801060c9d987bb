/** The closed list of error codes the API answers with, and the status each one carries. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
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
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field name → messages, for VALIDATION_FAILED. */
    fields?: Record<string, string[]>;
  };
}
