import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  type Category,
  type Product,
  type ProductPage,
  type SearchResponse,
  categorySchema,
  featuredQuerySchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '#shared/catalogue';
import { packContentsSchema, type PackContents } from '#shared/pack-contents';
import { productBundleSchema, type ProductBundle } from '#shared/product-bundle';
import type { Services } from '../services';
import { facetIndexCache } from './facets/facet-cache';
import { createRouter, errorResponses, jsonContent, uuidParam } from '../http/router';
import {
  featuredProductsJson,
  getCategoryBySlug,
  listCategories,
  productJson,
  productListJson,
  relatedProductsJson,
  searchJson,
} from './catalogue.service';
import { packContents } from './pack-contents';
import { productBundle } from './product-bundle';
import { publicJson } from './public-cache';

const idParams = z.object({ id: uuidParam('Product not found') });
const slugParams = z.object({ slug: z.string() });
const listOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema) });
const oneOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

const routes = {
  categories: createRoute({
    method: 'get',
    path: '/categories',
    responses: { 200: jsonContent(listOf(categorySchema), 'All categories in the store order') },
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
  contents: createRoute({
    method: 'get',
    path: '/products/{id}/contents',
    request: { params: idParams },
    responses: {
      200: jsonContent(packContentsSchema, "A pack's items in list order"),
      ...errorResponses,
    },
  }),
  bundle: createRoute({
    method: 'get',
    path: '/products/{id}/bundle',
    request: { params: idParams },
    responses: {
      200: jsonContent(
        productBundleSchema,
        "A bundle's members and what it saves; the bundles a product is in",
      ),
      ...errorResponses,
    },
  }),
  search: createRoute({
    method: 'get',
    path: '/search',
    request: { query: searchQuerySchema },
    responses: {
      200: jsonContent(
        searchResponseSchema,
        'Up to 6 results, best first, and what was understood',
      ),
      ...errorResponses,
    },
  }),
};

export function catalogueRoutes({ db, changes }: Pick<Services, 'db' | 'changes'>) {
  const facets = facetIndexCache(db, changes);
  return createRouter()
    .openapi(routes.categories, async (c) =>
      publicJson<{ data: Category[] }>(c, JSON.stringify({ data: await listCategories(db) })),
    )
    .openapi(routes.category, async (c) => {
      const category = await getCategoryBySlug(db, c.req.valid('param').slug);
      return publicJson<{ data: Category }>(c, JSON.stringify({ data: category }));
    })
    .openapi(routes.products, async (c) =>
      publicJson<ProductPage>(c, await productListJson(db, facets, c.req.valid('query'))),
    )
    .openapi(routes.featured, async (c) =>
      publicJson<{ data: Product[] }>(
        c,
        await featuredProductsJson(db, c.req.valid('query').limit),
      ),
    )
    .openapi(routes.product, async (c) =>
      publicJson<{ data: Product }>(c, await productJson(db, c.req.valid('param').id)),
    )
    .openapi(routes.related, async (c) =>
      publicJson<{ data: Product[] }>(c, await relatedProductsJson(db, c.req.valid('param').id)),
    )
    .openapi(routes.contents, async (c) => {
      const items = await packContents(db, c.req.valid('param').id);
      return publicJson<PackContents>(c, JSON.stringify({ data: items }));
    })
    .openapi(routes.bundle, async (c) => {
      const bundle = await productBundle(db, c.req.valid('param').id);
      return publicJson<{ data: ProductBundle }>(c, JSON.stringify({ data: bundle }));
    })
    .openapi(routes.search, async (c) =>
      publicJson<SearchResponse>(c, await searchJson(db, c.req.valid('query').q)),
    );
}
