import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  categorySchema,
  featuredQuerySchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  searchQuerySchema,
  searchResultSchema,
} from '#shared/catalogue';
import type { Db } from '../db/client';
import { createRouter, errorResponses, jsonContent } from '../http/router';
import {
  getCategoryBySlug,
  getProduct,
  listCategories,
  listFeaturedProducts,
  listProducts,
  listRelatedProducts,
  searchProducts,
} from './catalogue.service';

const idParams = z.object({ id: z.string() });
const slugParams = z.object({ slug: z.string() });
const listOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema) });
const oneOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

const routes = {
  categories: createRoute({
    method: 'get',
    path: '/categories',
    responses: { 200: jsonContent(listOf(categorySchema), 'All categories by name') },
  }),
  category: createRoute({
    method: 'get',
    path: '/categories/{slug}',
    request: { params: slugParams },
    responses: { 200: jsonContent(oneOf(categorySchema), 'One category'), ...errorResponses },
  }),
  products: createRoute({
    method: 'get',
    path: '/products',
    request: { query: productListQuerySchema },
    responses: {
      200: jsonContent(productPageSchema, 'A page of active products'),
      ...errorResponses,
    },
  }),
  featured: createRoute({
    method: 'get',
    path: '/products/featured',
    request: { query: featuredQuerySchema },
    responses: {
      200: jsonContent(listOf(productSchema), 'Featured products, newest first'),
      ...errorResponses,
    },
  }),
  product: createRoute({
    method: 'get',
    path: '/products/{id}',
    request: { params: idParams },
    responses: { 200: jsonContent(oneOf(productSchema), 'One active product'), ...errorResponses },
  }),
  related: createRoute({
    method: 'get',
    path: '/products/{id}/related',
    request: { params: idParams },
    responses: {
      200: jsonContent(listOf(productSchema), 'Up to 3 of the same category'),
      ...errorResponses,
    },
  }),
  search: createRoute({
    method: 'get',
    path: '/search',
    request: { query: searchQuerySchema },
    responses: {
      200: jsonContent(listOf(searchResultSchema), 'Up to 6 results, best first'),
      ...errorResponses,
    },
  }),
};

export function catalogueRoutes(db: Db) {
  return createRouter()
    .openapi(routes.categories, async (c) => c.json({ data: await listCategories(db) }, 200))
    .openapi(routes.category, async (c) =>
      c.json({ data: await getCategoryBySlug(db, c.req.valid('param').slug) }, 200),
    )
    .openapi(routes.products, async (c) =>
      c.json(await listProducts(db, c.req.valid('query')), 200),
    )
    .openapi(routes.featured, async (c) =>
      c.json({ data: await listFeaturedProducts(db, c.req.valid('query').limit) }, 200),
    )
    .openapi(routes.product, async (c) =>
      c.json({ data: await getProduct(db, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.related, async (c) =>
      c.json({ data: await listRelatedProducts(db, c.req.valid('param').id) }, 200),
    )
    .openapi(routes.search, async (c) =>
      c.json({ data: await searchProducts(db, c.req.valid('query').q) }, 200),
    );
}
