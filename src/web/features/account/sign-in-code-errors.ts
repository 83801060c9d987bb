import { authMessages } from '#shared/auth';
import { signInCodeMessages } from '#shared/sign-in-codes';
import { ApiError } from '#web/api/http';
import { authErrorMessage } from './auth-errors';

/** What to tell a person whose e-mailed code or link did not sign them in. */
export function signInCodeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'INVALID_OTP':
        return signInCodeMessages.wrongCode;
      case 'OTP_EXPIRED':
        return signInCodeMessages.expiredCode;
      case 'TOO_MANY_ATTEMPTS':
        return signInCodeMessages.usedUpCode;
      case 'INVALID_TOKEN':
        return authMessages.invalidSignInLink;
    }
  }
  return authErrorMessage(error, authMessages.signInFailed);
}
