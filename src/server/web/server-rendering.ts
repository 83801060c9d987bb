import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../logger';
import { compress, type Encoding } from './compression';
import type { ApiReader } from './page-reads';
import { RenderedPageCache } from './rendered-page-cache';

/** What the web app's server entry (src/web/entry-server.tsx) offers, as built by Vite. */
export interface WebRenderer {
  setApiTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void;
  isServerRendered(pathname: string): boolean;
  renderPage(url: string): Promise<{ status: number; head: string; body: string; state: unknown }>;
  PAGE_STATE_ID: string;
  jsonForScript(value: unknown): string;
}

/**
 * A finished page: its status, the whole document as bytes, and its brotli and gzip forms,
 * each made once for as long as the page is kept.
 */
export interface PageHtml {
  status: number;
  html: Buffer;
  encoded(encoding: Encoding): Promise<Buffer>;
}

function pageHtml(status: number, document: string): PageHtml {
  const html = Buffer.from(document);
  const forms = new Map<Encoding, Promise<Buffer>>();
  return {
    status,
    html,
    encoded: (encoding) => {
      let form = forms.get(encoding);
      if (!form) forms.set(encoding, (form = compress(html, encoding)));
      return form;
    },
  };
}

/** The server build beside the browser's (`vite build --ssr` writes dist/ssr). */
export async function loadWebRenderer(webDir: string): Promise<WebRenderer | null> {
  const entry = join(webDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as WebRenderer;
}

/** The app's root element in index.html, with the placeholder header painted before the app. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/header>\s*<\/div>/;

/**
 * Puts a rendered page into the built index.html: the page's head elements replace the default
 * title (and the default description when the page has its own), its markup fills #root, and
 * the data it was drawn with follows as JSON for the browser's query client.
 */
export function composeDocument(
  template: string,
  page: { head: string; body: string; stateJson: string },
  stateId: string,
): string {
  let head = template.replace(/<title>[^<]*<\/title>/, '');
  if (/<meta name="description"/.test(page.head)) {
    head = head.replace(/<meta\s+name="description"[^>]*>/, '');
  }
  return head
    .replace('</head>', `${page.head}</head>`)
    .replace(
      ROOT_ELEMENT,
      () =>
        `<div id="root">${page.body}</div>` +
        `<script type="application/json" id="${stateId}">${page.stateJson}</script>`,
    );
}

/**
 * Server rendering of the public pages: each page is rendered once for everybody (the server
 * draws it signed out) and kept for a minute, the time the catalogue's answers are cached
 * publicly too; `clear()` drops them all when the catalogue changes.
 */
export function serverRendering(options: {
  /** The API the pages ask, in-process (page-reads.ts). */
  api: ApiReader;
  renderer: WebRenderer;
  template: string;
  logger: Logger;
}) {
  const { renderer, template, logger } = options;
  // The pages ask the store's own API, answered in-process without a network hop.
  renderer.setApiTransport(async (path, init) => options.api.request(path, init));
  const cache = new RenderedPageCache<PageHtml>();

  async function render(url: string): Promise<PageHtml> {
    const page = await renderer.renderPage(url);
    const stateJson = renderer.jsonForScript(page.state);
    return pageHtml(
      page.status,
      composeDocument(template, { ...page, stateJson }, renderer.PAGE_STATE_ID),
    );
  }

  return {
    handles: (pathname: string) => renderer.isServerRendered(pathname),
    /** The page at `url` (path and query), or null when rendering failed (logged). */
    page: async (url: string): Promise<PageHtml | null> => {
      try {
        return await cache.get(url, () => render(url));
      } catch (error) {
        logger.error({ err: error, url }, 'server rendering failed; the browser renders the page');
        return null;
      }
    },
    clear: () => cache.clear(),
  };
}

export type ServerRendering = ReturnType<typeof serverRendering>;
