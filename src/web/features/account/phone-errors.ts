import { authMessages } from '#shared/auth';
import { phoneMessages } from '#shared/phone';
import { ApiError } from '#web/api/http';

/**
 * What to tell a person when a phone or texted-code call fails. The server's words are meant for
 * them (a wrong or expired code, a number in the wrong format, a text that could not be sent);
 * only an unexpected failure is replaced.
 */
export function phoneErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'INVALID_CODE') return phoneMessages.wrongCode;
  if (error.code === 'SERVICE_UNAVAILABLE' || error.code === 'NETWORK') return error.message;
  if (error.status >= 500) return authMessages.unexpected;
  return error.message || fallback;
}
