/**
 * The server's way into the web app (Vite's SSR build: dist/ssr/entry-server.js), used by
 * server/web/server-rendering.ts.
 */
import './zod-jitless';
export { setApiTransport } from './api/http';
export { isServerRendered } from './router';
export { renderPage, type RenderedPage } from './ssr/render-page';
export { PAGE_STATE_ID } from './ssr/page-state';
export { jsonForScript } from '#shared/structured-data';
