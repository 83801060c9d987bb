import type { Hono } from 'hono';
import { checkPayments } from '../health/payments-check';
import { mountSeo } from '../seo/seo.routes';
import type { Services } from '../services';
import type { ApiReader } from './page-reads';
import { mountMedia, mountWebApp } from './static';
import { testModeBanner } from './test-mode-banner';

/**
 * Everything outside /api, after the API: robots.txt and the sitemap (with or without a web
 * build, and before the web app, whose category and product pages they answer 301 and 410 for),
 * media, then the web app.
 */
export function mountWeb(
  app: Hono,
  services: Pick<Services, 'config' | 'db' | 'seo' | 'payments' | 'changes' | 'logger' | 'brand'>,
  pageReads: ApiReader,
) {
  const { config, db, seo, payments, changes, logger, brand } = services;
  mountSeo(app, seo, db);
  mountMedia(app, config.mediaDir);
  // A production store taking test payments says so on every page.
  const testPayments = config.isProduction && checkPayments(payments).testMode;
  const web = mountWebApp(app, config.webDir, {
    banner: testPayments ? testModeBanner : undefined,
    logger,
    api: pageReads,
    storeName: async () => (await brand.settings()).name,
  });
  // The rendered pages go with the catalogue, as the sitemap does (services.ts). (A server
  // build that fails to load is reported by the pages that need it: static.ts.)
  const rendering = web ? web.rendering.catch(() => null) : null;
  void rendering?.then((ssr) => ssr && changes.subscribe(ssr.clear));
}
