import { authMessages } from '#shared/auth';
import { ApiError } from '#web/api/http';

/** What to tell a person when an account call fails: the server's words where they help. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  switch (error.code) {
    case 'RATE_LIMITED':
    case 'NETWORK':
      return error.message;
    case 'INVALID_EMAIL_OR_PASSWORD':
      return 'Invalid email or password';
    case 'EMAIL_NOT_VERIFIED':
      return 'Please confirm your email address first. We have sent you a new confirmation link.';
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return 'That code is not valid. Check your authenticator app and try again.';
    case 'INVALID_PASSWORD':
      return 'The password is not correct.';
    case 'PASSWORD_TOO_SHORT':
      return authMessages.passwordTooShort;
    case 'INVALID_EMAIL':
      return 'Please enter a valid email address';
    default:
      return error.status >= 500 ? authMessages.unexpected : error.message || fallback;
  }
}
