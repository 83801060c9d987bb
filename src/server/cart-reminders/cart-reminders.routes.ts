import { createRoute, z } from '@hono/zod-openapi';
import { productSchema } from '#shared/catalogue';
import { createRouter, errorResponses, jsonContent } from '../http/router';
import type { Services } from '../services';
import { restoredCartProducts } from './cart-reminders.service';

const route = createRoute({
  method: 'get',
  path: '/cart/restore',
  summary:
    "The products a cart reminder's link puts back in the cart: its lines still for sale (400 for a forged or expired link)",
  request: { query: z.object({ token: z.string().min(1).max(2000) }) },
  responses: {
    200: jsonContent(z.object({ products: z.array(productSchema) }), 'The products, by name'),
    ...errorResponses,
  },
});

/** GET /api/cart/restore: what a reminder's "Back to your cart" puts in this browser's cart. */
export function cartRestoreRoutes({ db, keys }: Pick<Services, 'db' | 'keys'>) {
  return createRouter().openapi(route, async (c) => {
    const products = await restoredCartProducts(db, keys, c.req.valid('query').token);
    return c.json({ products }, 200);
  });
}
