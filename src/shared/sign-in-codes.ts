import { SIGN_IN_CODE_LENGTH } from './auth';

/** Seconds before the same address can ask for another code or link from the screen. */
export const SIGN_IN_RESEND_SECONDS = 30;

/** What the code and link screens say when something goes wrong. */
export const signInCodeMessages = {
  enterCode: `Enter the ${SIGN_IN_CODE_LENGTH}-digit code from the email.`,
  wrongCode: 'That code is not right. Check the email and try again.',
  expiredCode: 'That code has expired. Send a new code and use it within 10 minutes.',
  usedUpCode: 'That code was entered wrongly too often. Send a new code.',
  sendFailed: 'We could not send the email. Please try again.',
  noMailHint: 'Nothing yet? Mail can take a minute; check your spam folder before sending again.',
} as const;

/** The digits of what was typed or pasted ("123 456" is 123456), at most a code's length. */
export function codeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, SIGN_IN_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === SIGN_IN_CODE_LENGTH && /^\d+$/.test(code);
}
