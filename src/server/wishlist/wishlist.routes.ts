import { createRoute, z } from '@hono/zod-openapi';
import { wishlistMessages } from '#shared/wishlist';
import { mergeWishlistSchema, wishlistSchema } from '#shared/wishlist-api';
import type { Services } from '../services';
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
  unauthorizedResponse,
  uuidParam,
} from '../http/router';
import { requireUser, signedInUser } from '../auth/session';
import {
  addToWishlist,
  listWishlist,
  mergeIntoWishlist,
  removeFromWishlist,
} from './wishlist.service';

const wishlistResponse = {
  200: jsonContent(wishlistSchema, 'The saved products, newest first'),
  ...unauthorizedResponse,
  ...errorResponses,
};
const productParam = z.object({
  productId: uuidParam(wishlistMessages.productNotFound, 'PRODUCT_NOT_FOUND'),
});
const middleware = [requireUser];

const routes = {
  list: createRoute({ method: 'get', path: '/wishlist', middleware, responses: wishlistResponse }),
  add: createRoute({
    method: 'put',
    path: '/wishlist/{productId}',
    middleware,
    request: { params: productParam },
    responses: wishlistResponse,
  }),
  remove: createRoute({
    method: 'delete',
    path: '/wishlist/{productId}',
    middleware,
    request: { params: productParam },
    responses: wishlistResponse,
  }),
  merge: createRoute({
    method: 'post',
    path: '/wishlist/merge',
    middleware,
    request: jsonBody(mergeWishlistSchema),
    responses: wishlistResponse,
  }),
};

/** The signed-in wishlist; every call is scoped to the session's user. */
export function wishlistRoutes({ db }: Pick<Services, 'db'>) {
  return createRouter()
    .openapi(routes.list, async (c) =>
      c.json({ items: await listWishlist(db, signedInUser(c).id) }, 200),
    )
    .openapi(routes.add, async (c) => {
      const { productId } = c.req.valid('param');
      return c.json({ items: await addToWishlist(db, signedInUser(c).id, productId) }, 200);
    })
    .openapi(routes.remove, async (c) => {
      const { productId } = c.req.valid('param');
      return c.json({ items: await removeFromWishlist(db, signedInUser(c).id, productId) }, 200);
    })
    .openapi(routes.merge, async (c) => {
      const { productIds } = c.req.valid('json');
      return c.json({ items: await mergeIntoWishlist(db, signedInUser(c).id, productIds) }, 200);
    });
}
