import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '#web/api/query-client';
import { HttpStatusContext } from '#web/components/shell/http-status';
import { App } from '#web/app';
import { storeInfoQueryOptions } from '#web/api/store';
import { pageMatch } from '#web/router';
import { fetchFirstQueries } from './first-queries';
import { dehydratePageState } from './page-state';

/**
 * The queries the server answers: the catalogue and the store's settings, the same for every
 * visitor. The session, the cart and the account stay pending on the server, so a page is drawn
 * signed out and the browser fills those parts in.
 */
const SERVER_QUERY_ROOTS = new Set(['catalogue', 'store']);

/** A page's data can hang on other data (a product, then its related products): so many rounds. */
const MAX_ROUNDS = 4;

export interface RenderedPage {
  status: number;
  /** The <title>, <meta> and <link> elements the page rendered, for the document's head. */
  head: string;
  /** The app's HTML, for the #root element. */
  body: string;
  state: DehydratedState;
}

/**
 * One rendering of the whole page, every lazy page and Suspense boundary finished: React's
 * static renderer waits for them all, so the HTML is complete, with no fallbacks and none of
 * the inline scripts that streaming adds to swap late boundaries in (the Content-Security-Policy
 * allows no inline script), and the page's status is known before the first byte is sent.
 */
async function renderOnce(url: string, queryClient: QueryClient) {
  let status = 200;
  let failure: unknown = null;
  const { prelude } = await prerenderToNodeStream(
    <HttpStatusContext value={(code) => (status = code)}>
      <StaticRouter location={url}>
        <App queryClient={queryClient} />
      </StaticRouter>
    </HttpStatusContext>,
    {
      // However large a boundary, its content stays in place: React would otherwise send a
      // big one after the rest, swapped in by an inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  if (failure) throw failure;
  return { status, html: await readText(prelude) };
}

/**
 * The stream's bytes as text, joined once at the end. A Node stream rather than the web
 * ReadableStream `prerender` gives: reading that one chunk by chunk through its promise
 * machinery was about a tenth of a rendering's CPU.
 */
async function readText(stream: NodeJS.ReadableStream) {
  stream.setEncoding('utf8');
  let text = '';
  for await (const chunk of stream) text += chunk as string;
  return text;
}

/**
 * React puts the hoistable elements of a document it does not own (title, meta, link) ahead of
 * the app's markup: they go to the head, where hydration finds them again.
 */
function splitHead(html: string): { head: string; body: string } {
  const hoisted =
    /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)*/.exec(html)?.[0] ?? '';
  return { head: hoisted, body: html.slice(hoisted.length) };
}

/**
 * Renders the page at `url` (path and query) as a signed-out visitor sees it. Each round
 * renders, then fetches the catalogue queries the page asked for and renders again, until the
 * page asks for nothing more.
 */
export async function renderPage(url: string): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  // What every page shows (the store's name) and what this page asks for first: fetched
  // together before the first rendering, so most pages are drawn in one.
  const pathname = new URL(url, 'http://store.invalid').pathname;
  const page = pageMatch(pathname);
  await Promise.all([
    queryClient.prefetchQuery(storeInfoQueryOptions()),
    page && fetchFirstQueries(queryClient, page.path, page.params),
  ]);
  for (let round = 1; ; round++) {
    const { status, html } = await renderOnce(url, queryClient);
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === 'pending' &&
          query.state.fetchStatus === 'idle' &&
          SERVER_QUERY_ROOTS.has(String(query.queryKey[0])),
      );
    if (waiting.length === 0 || round === MAX_ROUNDS) {
      return { status, ...splitHead(html), state: dehydratePageState(queryClient) };
    }
    // A refusal is part of the page (a 404's Product Not Found); fetch() records it on the query.
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  }
}
