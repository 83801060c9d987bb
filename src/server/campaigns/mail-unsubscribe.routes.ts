import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponses, jsonContent } from '../http/router';
import type { Services } from '../services';
import { unsubscribeFromMail } from './mail-unsubscribe';

const tokenQuery = z.object({ token: z.string().min(1).max(1000) });

const routes = {
  oneClick: createRoute({
    method: 'post',
    path: '/mail/unsubscribe',
    summary: 'Unsubscribe from the store’s campaigns (RFC 8058 one-click)',
    description:
      'The List-Unsubscribe address of every campaign e-mail. A mail client POSTs `List-Unsubscribe=One-Click` here (the body is not read); the confirmation page’s button posts here too. The address gets no more campaigns and leaves the newsletter. 400 for a forged or altered token.',
    request: { query: tokenQuery },
    responses: {
      200: jsonContent(
        z.object({ email: z.string(), unsubscribed: z.literal(true) }),
        'Unsubscribed (or already was)',
      ),
      ...errorResponses,
    },
  }),
};

/**
 * The campaigns' unsubscribe address. A GET (a person, or a mail scanner, following the link)
 * unsubscribes nobody: it shows the store's confirmation page, whose button POSTs here.
 */
export function mailUnsubscribeRoutes({ db, keys }: Pick<Services, 'db' | 'keys'>) {
  return createRouter()
    .openapi(routes.oneClick, async (c) => {
      const { email } = await unsubscribeFromMail(db, keys, c.req.valid('query').token);
      return c.json({ email, unsubscribed: true as const }, 200);
    })
    .get('/mail/unsubscribe', (c) => {
      const token = c.req.query('token') ?? '';
      return c.redirect(`/mail/unsubscribe?token=${encodeURIComponent(token)}`, 303);
    });
}
