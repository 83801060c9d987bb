import { phoneNumber } from 'better-auth/plugins/phone-number';
import type { SmsSender } from './sms/sms-sender';

/**
 * A phone number on the account (better-auth's phone number plugin), confirmed by a texted code.
 * It is a second factor only: the plugin's phone-and-password sign-in is not served.
 */
export function phone(sms: SmsSender) {
  return phoneNumber({
    otpLength: 6,
    expiresIn: 10 * 60,
    allowedAttempts: 3,
    sendOTP: ({ phoneNumber: to, code }) =>
      sms.send({ to, text: `Your Loopmarket code is ${code}. It expires in 10 minutes.` }),
  });
}
