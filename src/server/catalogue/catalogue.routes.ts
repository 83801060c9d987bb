import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  type Category,
  type Product,
  type ProductListQuery,
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
import type { Db } from '../db/client';
import type { Services, ServicesConfig } from '../services';
import { catalogueAnswerCache, DEFAULT_CATALOGUE_CACHE_MB, type ReadAnswer } from './answer-cache';
import { facetIndexCache, POPULARITY_MAX_AGE_MS, type FacetIndexCache } from './facets/facet-cache';
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

/**
 * The catalogue's public reads. Their answers come from this process's answer cache
 * (answer-cache.ts) when it holds them, keyed by route and validated request: nothing else
 * (no cookie, no session) decides them. Errors (a 404) are not kept.
 */
export function catalogueRoutes({
  db,
  changes,
  config,
}: Pick<Services, 'db' | 'changes'> & { config: Pick<ServicesConfig, 'catalogueCacheMb'> }) {
  const facets = facetIndexCache(db, changes);
  const answers = catalogueAnswerCache(
    changes,
    (config.catalogueCacheMb ?? DEFAULT_CATALOGUE_CACHE_MB) * 1024 * 1024,
  );
  const json = (text: string): ReadAnswer => ({ text });
  return createRouter()
    .openapi(routes.categories, (c) =>
      answers.json<{ data: Category[] }>(c, 'categories', async () =>
        json(JSON.stringify({ data: await listCategories(db) })),
      ),
    )
    .openapi(routes.category, (c) => {
      const { slug } = c.req.valid('param');
      return answers.json<{ data: Category }>(c, `category ${slug}`, async () =>
        json(JSON.stringify({ data: await getCategoryBySlug(db, slug) })),
      );
    })
    .openapi(routes.products, (c) => {
      const query = c.req.valid('query');
      return answers.json<ProductPage>(c, `products ${JSON.stringify(query)}`, () =>
        productList(db, facets, query),
      );
    })
    .openapi(routes.featured, (c) => {
      const { limit } = c.req.valid('query');
      return answers.json<{ data: Product[] }>(c, `featured ${limit}`, async () =>
        json(await featuredProductsJson(db, limit)),
      );
    })
    .openapi(routes.product, (c) => {
      const { id } = c.req.valid('param');
      return answers.json<{ data: Product }>(c, `product ${id}`, async () =>
        json(await productJson(db, id)),
      );
    })
    .openapi(routes.related, (c) => {
      const { id } = c.req.valid('param');
      return answers.json<{ data: Product[] }>(c, `related ${id}`, async () =>
        json(await relatedProductsJson(db, id)),
      );
    })
    .openapi(routes.contents, (c) => {
      const { id } = c.req.valid('param');
      return answers.json<PackContents>(c, `contents ${id}`, async () =>
        json(JSON.stringify({ data: await packContents(db, id) })),
      );
    })
    .openapi(routes.bundle, (c) => {
      const { id } = c.req.valid('param');
      return answers.json<{ data: ProductBundle }>(c, `bundle ${id}`, async () =>
        json(JSON.stringify({ data: await productBundle(db, id) })),
      );
    })
    .openapi(routes.search, (c) => {
      const { q } = c.req.valid('query');
      return answers.json<SearchResponse>(c, `search ${q}`, async () =>
        json(await searchJson(db, q)),
      );
    });
}

/**
 * A page of the product list. Its order by popularity is the facet index's (facet-cache.ts),
 * which follows paid orders, not catalogue changes, within POPULARITY_MAX_AGE_MS: such a page is
 * kept only until the index it was read from is that old, so it never lags more than the index.
 */
async function productList(
  db: Db,
  facets: FacetIndexCache,
  query: ProductListQuery,
): Promise<ReadAnswer> {
  let indexBuiltAt: number | undefined;
  const seen: FacetIndexCache = {
    async get() {
      const index = await facets.get();
      indexBuiltAt = index.builtAt;
      return index;
    },
  };
  const text = await productListJson(db, seen, query);
  const byPopularity = query.sortBy === 'popularity' && indexBuiltAt !== undefined;
  return byPopularity ? { text, keepUntil: indexBuiltAt! + POPULARITY_MAX_AGE_MS } : { text };
}
