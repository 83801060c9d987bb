import { createRoute, z } from '@hono/zod-openapi';
import {
  addCartItemSchema,
  cartSchema,
  mergeCartSchema,
  setAmountSchema,
  setQuantitySchema,
} from '#shared/cart-api';
import { cartMessages, DEFAULT_LICENSE_TYPE } from '#shared/cart';
import type { Services } from '../services';
import {
  createRouter,
  jsonBody,
  errorResponses,
  jsonContent,
  unauthorizedResponse,
  uuidParam,
} from '../http/router';
import { requireUser, signedInUser } from '../auth/session';
import {
  addToCart,
  clearCart,
  listCart,
  mergeIntoCart,
  removeFromCart,
  setAmount,
  setQuantity,
} from './cart.service';

const cartResponse = {
  200: jsonContent(cartSchema, 'The cart, newest first'),
  ...unauthorizedResponse,
  ...errorResponses,
};
const productParam = z.object({
  productId: uuidParam(cartMessages.productUnavailable, 'PRODUCT_NOT_FOUND'),
});
const licenseQuery = z.object({
  licenseType: z.string().trim().min(1).max(40).default(DEFAULT_LICENSE_TYPE),
});
const middleware = [requireUser];

const routes = {
  list: createRoute({ method: 'get', path: '/cart', middleware, responses: cartResponse }),
  clear: createRoute({ method: 'delete', path: '/cart', middleware, responses: cartResponse }),
  add: createRoute({
    method: 'post',
    path: '/cart/items',
    middleware,
    request: jsonBody(addCartItemSchema),
    responses: cartResponse,
  }),
  update: createRoute({
    method: 'patch',
    path: '/cart/items/{productId}',
    middleware,
    request: { params: productParam, ...jsonBody(setQuantitySchema) },
    responses: cartResponse,
  }),
  amount: createRoute({
    method: 'patch',
    path: '/cart/items/{productId}/amount',
    middleware,
    request: { params: productParam, ...jsonBody(setAmountSchema) },
    responses: cartResponse,
  }),
  remove: createRoute({
    method: 'delete',
    path: '/cart/items/{productId}',
    middleware,
    request: { params: productParam, query: licenseQuery },
    responses: cartResponse,
  }),
  merge: createRoute({
    method: 'post',
    path: '/cart/merge',
    middleware,
    request: jsonBody(mergeCartSchema),
    responses: cartResponse,
  }),
};

/** The signed-in cart's calls; every call is scoped to the session's user. */
export function cartRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter()
    .openapi(routes.list, async (c) =>
      c.json({ items: await listCart(db, signedInUser(c).id) }, 200),
    )
    .openapi(routes.clear, async (c) =>
      c.json({ items: await clearCart(db, signedInUser(c).id) }, 200),
    )
    .openapi(routes.add, async (c) =>
      c.json({ items: await addToCart(db, signedInUser(c).id, c.req.valid('json')) }, 200),
    )
    .openapi(routes.update, async (c) => {
      const { productId } = c.req.valid('param');
      const { quantity, licenseType } = c.req.valid('json');
      const items = await setQuantity(db, signedInUser(c).id, { productId, licenseType }, quantity);
      return c.json({ items }, 200);
    })
    .openapi(routes.amount, async (c) => {
      const { productId } = c.req.valid('param');
      const items = await setAmount(db, signedInUser(c).id, productId, c.req.valid('json'));
      return c.json({ items }, 200);
    })
    .openapi(routes.remove, async (c) => {
      const { productId } = c.req.valid('param');
      const { licenseType } = c.req.valid('query');
      return c.json(
        { items: await removeFromCart(db, signedInUser(c).id, { productId, licenseType }) },
        200,
      );
    })
    .openapi(routes.merge, async (c) =>
      c.json(
        { items: await mergeIntoCart(db, signedInUser(c).id, c.req.valid('json').items) },
        200,
      ),
    );
}
