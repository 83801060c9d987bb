import type { Handler } from 'hono';
import { errorResponse } from '../http/error-handler';
import type { Services } from '../services';
import { hasBearerToken } from '../security/bearer-token';
import { metricsAccessOnStorePort } from './metrics-access';

export const METRICS_PATH = '/metrics';

export const metricsMessages = {
  unauthorized: 'Metrics need the metrics token (Authorization: Bearer <token>)',
} as const;

/** GET /metrics on the store's port, as metricsAccessOnStorePort allows. */
export function metricsRoute({ metrics, config }: Pick<Services, 'metrics' | 'config'>): Handler {
  const access = metricsAccessOnStorePort(config);
  return async (c) => {
    if (access.kind === 'absent') return errorResponse(c, 'NOT_FOUND', 'Not found');
    if (access.kind === 'token' && !hasBearerToken(c.req.header('authorization'), access.token)) {
      c.header('WWW-Authenticate', 'Bearer');
      return errorResponse(c, 'UNAUTHORIZED', metricsMessages.unauthorized);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.scrape(), 200, { 'Content-Type': metrics.contentType });
  };
}
