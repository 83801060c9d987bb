import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { createLogger } from '#server/logger';
import { createTestDatabase } from '#tests/support/test-database';
import { testAppConfig } from '#tests/support/test-app';
import type { Database } from '../db/client';
import { createBackground } from './background';
import { stopGracefully, type StopDeps } from './graceful-stop';
import { trackHandlers, trackRequests } from './request-drain';
import { createRunState } from './run-state';

const logger = createLogger('silent');

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One request on a connection of its own (or on `agent`'s kept-alive one). */
function get(port: number, path: string, agent: http.Agent | false = false) {
  return new Promise<Answer>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
        );
      })
      .on('error', reject);
  });
}

async function until(condition: () => boolean) {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let database: Database;
let events: string[];
/** Requests to anything but the probes wait for this gate: they stay in flight until it opens. */
let openGate: () => void;
/** `/held-stream` answers its head at once and its body when this gate opens. */
let openStream: () => void;
let server: Server;
let port: number;
let deps: StopDeps;
/** The status of each answer the app gave, whether or not its client was still there. */
let appStatuses: number[];

beforeEach(async () => {
  database = await createTestDatabase();
  events = [];
  appStatuses = [];
  const handlers = trackHandlers();
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const streamGate = new Promise<void>((resolve) => (openStream = resolve));
  const runState = createRunState();
  const app = createApp({
    config: testAppConfig('/nonexistent'),
    database,
    logger,
    runState,
  });
  server = serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: handlers.wrap(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/held-stream') {
        const body = new ReadableStream({
          start: async (controller) => {
            await streamGate;
            controller.enqueue(new TextEncoder().encode('done'));
            controller.close();
          },
        });
        return new Response(body);
      }
      if (!path.startsWith('/api/health')) await gate;
      const answer = await app.fetch(request);
      appStatuses.push(answer.status);
      return answer;
    }),
  }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  const background = createBackground(logger);
  background.add({ name: 'work', stop: async () => void events.push('background stopped') });
  deps = {
    server,
    requests: trackRequests(server, handlers),
    runState,
    background,
    database: {
      close: async () => {
        events.push('database closed');
        await database.close();
      },
    },
    logger,
    timeoutMs: 5000,
  };
});
afterEach(async () => {
  openGate();
  openStream();
  server.closeAllConnections();
  if (!events.includes('database closed')) await database.close();
});

describe('a graceful stop', () => {
  it('answers every request in flight, refuses new connections, then stops work and the database', async () => {
    const answers = Array.from({ length: 20 }, () => get(port, '/api/categories'));
    await until(() => deps.requests.inFlight === 20);

    const stopped = stopGracefully(deps, 'SIGTERM');
    // Not ready from the first moment, while the requests in flight are still being answered.
    expect(deps.runState.stopping).toBe(true);
    await expect(get(port, '/api/health/ready')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);

    // The requests read the database only now: they succeed because it is still open.
    openGate();
    const results = await Promise.all(answers);
    await stopped;
    expect(results.map((answer) => answer.status)).toEqual(results.map(() => 200));
    // Each answer given during the stop closes its connection.
    expect(results.map((answer) => answer.connection)).toEqual(results.map(() => 'close'));
    expect(events).toEqual(['background stopped', 'database closed']);
  });

  it('keeps the database open for a handler whose client hung up, until it has finished', async () => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/categories', agent: false });
    request.on('error', () => undefined);
    await until(() => deps.requests.inFlight === 1);
    request.destroy();
    // The server sees the connection end; the handler still waits for the gate.
    await until(() => deps.requests.inFlight === 0);
    expect(deps.requests.handlersRunning).toBe(1);

    const stopped = stopGracefully(deps, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual([]);
    openGate();
    await stopped;
    // Its query ran on an open database (not 500 'Cannot use a pool after calling end').
    expect(appStatuses).toEqual([200]);
    expect(events).toEqual(['background stopped', 'database closed']);
  });

  it('closes idle kept-alive connections at once', async () => {
    openGate();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(port, '/api/health/live', agent);
    expect(first).toMatchObject({ status: 200, connection: 'keep-alive' });
    expect(JSON.parse(first.body)).toEqual({ status: 'live' });

    // The only connection is idle: the stop does not wait for the keep-alive timeout (5 s).
    const started = Date.now();
    await stopGracefully(deps, 'SIGTERM');
    // Well under the 5 s it would wait, with room for a busy machine (a second was not).
    expect(Date.now() - started).toBeLessThan(4000);
    expect(events).toEqual(['background stopped', 'database closed']);
    agent.destroy();
  });

  it('answers a request that arrives on a kept-alive connection during the stop, closing it after', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // An answer begun before the stop keeps its connection open (its head said keep-alive)…
    const streaming = get(port, '/held-stream', agent);
    const held = get(port, '/api/categories');
    await until(() => deps.requests.inFlight === 2);
    const stopped = stopGracefully(deps, 'SIGTERM');
    openStream();
    expect(await streaming).toMatchObject({ status: 200, connection: 'keep-alive', body: 'done' });

    // …so the client sends its next request on it while another is still in flight.
    const next = await get(port, '/api/health/live', agent);
    expect(next).toMatchObject({ status: 200, connection: 'close' });
    openGate();
    expect(await held).toMatchObject({ status: 200, connection: 'close' });
    await stopped;
    agent.destroy();
  });

  it('does not wait for the keep-alive timeout of a connection an earlier answer left open', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const streaming = get(port, '/held-stream', agent);
    await until(() => deps.requests.inFlight === 1);
    const stopped = stopGracefully(deps, 'SIGTERM');
    openStream();
    expect(await streaming).toMatchObject({ status: 200, connection: 'keep-alive' });
    const started = Date.now();
    await stopped;
    expect(Date.now() - started).toBeLessThan(4000);
    agent.destroy();
  });

  it('cuts the requests still running at the time limit, and still stops', async () => {
    const stuck = get(port, '/api/categories').catch((error: NodeJS.ErrnoException) => error.code);
    await until(() => deps.requests.inFlight === 1);
    const started = Date.now();
    await stopGracefully({ ...deps, timeoutMs: 300 }, 'SIGTERM');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await stuck).toBe('ECONNRESET');
    expect(events).toEqual(['background stopped', 'database closed']);
  });
});

describe('the probes', () => {
  it('live answers while the process runs; ready fails from the moment it stops', async () => {
    openGate();
    expect(await get(port, '/api/health/live')).toMatchObject({ status: 200 });
    const ready = await get(port, '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });

    deps.runState.markStopping();
    const stopping = await get(port, '/api/health/ready');
    expect(stopping.status).toBe(503);
    expect(JSON.parse(stopping.body)).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The store is stopping' },
    });
  });
});
