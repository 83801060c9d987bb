import { errorStatus, type ErrorCode } from '#shared/errors';

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
