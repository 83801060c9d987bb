import { createRoute } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { phoneSettingsSchema } from '#shared/phone';
import { users } from '../db/schema';
import { createRouter, jsonContent, unauthorizedResponse } from '../http/router';
import type { Services } from '../services';
import { hasAuthenticatorApp, verifiedPhoneOf } from './phone';
import { requireUser, signedInUser } from './session';

const route = createRoute({
  method: 'get',
  path: '/account/phone',
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(
      phoneSettingsSchema,
      "The account's confirmed phone number and two-step state",
    ),
    ...unauthorizedResponse,
  },
});

/**
 * What the profile's Phone section shows. Adding, confirming and removing the number go through
 * better-auth's own routes (/api/auth/phone-number/send-otp, /verify, /update-user).
 */
export function phoneRoutes({ db, sms }: Pick<Services, 'db' | 'sms'>) {
  return createRouter().openapi(route, async (c) => {
    const userId = signedInUser(c).id;
    const [user] = await db
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, userId));
    return c.json(
      {
        available: sms.kind !== 'off',
        phoneNumber: await verifiedPhoneOf(db, userId),
        twoFactorEnabled: user?.twoFactorEnabled ?? false,
        authenticatorApp: await hasAuthenticatorApp(db, userId),
      },
      200,
    );
  });
}
