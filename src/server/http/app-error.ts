import { errorStatus, type ErrorCode } from '#shared/errors';
import { fieldErrors, type ValidationIssue } from '#shared/validation';

/** The one error class services throw for expected failures; the handler maps code → status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): (typeof errorStatus)[ErrorCode] {
    return errorStatus[this.code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);

/**
 * A 400 VALIDATION_FAILED that names each bad field (as the browser's forms do: fieldErrors),
 * from a zod error.
 */
export function validationError(error: { issues: readonly ValidationIssue[] }): AppError {
  const fields = fieldErrors(error.issues);
  const names = Object.keys(fields).join(', ');
  return new AppError('VALIDATION_FAILED', `Invalid ${names}`, fields);
}
