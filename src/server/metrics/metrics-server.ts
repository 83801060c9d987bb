import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger';
import { hasBearerToken } from '../security/bearer-token';
import type { Metrics } from './metrics';
import { METRICS_PATH, metricsMessages } from './metrics.routes';

export interface MetricsServer {
  port: number;
  stop(): Promise<void>;
}

/**
 * A second, tiny HTTP server (METRICS_PORT) that serves only GET /metrics, for a scraper on the
 * private network: the store's own port then never shows the figures. METRICS_TOKEN, when set,
 * is asked here too.
 */
export async function startMetricsServer(options: {
  port: number;
  host: string;
  metrics: Metrics;
  token: string | undefined;
  logger: Logger;
}): Promise<MetricsServer> {
  const { metrics, token, logger } = options;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token && !hasBearerToken(req.headers.authorization, token)) {
      res
        .writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' })
        .end(`${metricsMessages.unauthorized}\n`);
      return;
    }
    metrics.scrape().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        logger.error({ err }, 'metrics not read');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics not read\n');
      },
    );
  });
  // A scraper keeps its connection alive between scrapes; the stop must not wait for it.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port }, 'metrics served on their own port');
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
