import type { Context } from 'hono';

/**
 * Whether the request cannot carry a body: @hono/node-server gives GET, HEAD and TRACE none, as
 * Fetch's Request allows none. Asked before `c.req.raw.body`, which on any request makes the
 * adapter build the whole Fetch Request (its headers, signal and stream): about a third of the
 * server's CPU on a catalogue read answered from memory (bench/, docs/caching.md).
 */
export const isBodiless = (c: Context): boolean =>
  c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'TRACE';
