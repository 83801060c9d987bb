/**
 * Which account a sign-in by code or link has just asked for its second factor, kept for the
 * rest of that request (keyed by better-auth's per-request context): the phone rules then offer
 * a texted code only to an account with a confirmed number, as they do after a password.
 */
const owed = new WeakMap<object, string>();

export function rememberSecondFactorOwed(requestContext: object, userId: string) {
  owed.set(requestContext, userId);
}

export function secondFactorOwedBy(requestContext: object): string | undefined {
  return owed.get(requestContext);
}
