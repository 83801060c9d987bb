import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { archiveLinkSchema, archiveMessages, ownedArchiveSchema } from '#shared/archives';
import { downloadErrors } from '#shared/downloads';
import { ORDER_NOT_FOUND } from '#shared/orders';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../http/app-error';
import { errorResponse } from '../http/error-handler';
import {
  createRouter,
  errorResponses,
  jsonBody,
  jsonContent,
  unauthorizedResponse,
  uuidParam,
} from '../http/router';
import { requestMeta } from '../downloads/downloads.service';
import type { Services } from '../services';
import { attachmentDisposition } from '../storage/content-disposition';
import { parseRange } from '../storage/files.routes';
import {
  archiveOfLink,
  createGuestOrderArchive,
  createOrderArchive,
  createOwnedArchive,
} from './archive.service';
import { archiveStream } from './archive-stream';

const linkResponses = {
  200: jsonContent(archiveLinkSchema, 'A signed, short-lived link to the ZIP'),
  ...unauthorizedResponse,
  ...errorResponses,
};

const routes = {
  order: createRoute({
    method: 'post',
    path: '/orders/{id}/archive',
    request: { params: z.object({ id: uuidParam(ORDER_NOT_FOUND) }) },
    responses: linkResponses,
  }),
  owned: createRoute({
    method: 'post',
    path: '/downloads/archive',
    request: jsonBody(ownedArchiveSchema),
    responses: linkResponses,
  }),
  guest: createRoute({
    method: 'post',
    path: '/guest-orders/{token}/archive',
    request: { params: z.object({ token: z.string().min(10).max(400) }) },
    responses: linkResponses,
  }),
};

/**
 * "Download everything": POST answers a signed link to one ZIP of an order's lines (or of all
 * a buyer owns), spending one download per line; GET /api/archives/:token streams it with an
 * exact Content-Length and byte ranges (docs/architecture.md, "Download everything").
 */
export function archiveRoutes(services: Pick<Services, 'db' | 'storage' | 'keys' | 'config'>) {
  const deps = { ...services, publicUrl: services.config.publicUrl };
  const meta = (c: Context<AppEnv>) => requestMeta(c.get('clientIp'), c.req.header('user-agent'));
  const userOf = (c: Context<AppEnv>) => {
    const user = c.get('user');
    if (!user) throw new AppError('UNAUTHORIZED', downloadErrors.UNAUTHORIZED);
    return user;
  };

  return createRouter()
    .openapi(routes.order, async (c) =>
      c.json(
        await createOrderArchive(deps, { userId: userOf(c).id }, c.req.valid('param').id, meta(c)),
        200,
      ),
    )
    .openapi(routes.owned, async (c) =>
      c.json(
        await createOwnedArchive(deps, userOf(c).id, c.req.valid('json').format, meta(c)),
        200,
      ),
    )
    .openapi(routes.guest, async (c) =>
      c.json(await createGuestOrderArchive(deps, c.req.valid('param').token, meta(c)), 200),
    )
    .get('/archives/:token', async (c) => {
      const archive = await archiveOfLink(services.db, services.keys, c.req.param('token'));
      if (!archive) return errorResponse(c, 'FORBIDDEN', archiveMessages.linkInvalid);
      const size = archive.totalBytes;
      const etag = `"${archive.id}"`;
      // A resume of another copy (If-Range not this archive's) gets the whole archive again.
      const ifRange = c.req.header('if-range');
      const range = ifRange && ifRange !== etag ? null : parseRange(c.req.header('range'), size);
      const headers: Record<string, string> = {
        'Content-Type': 'application/zip',
        'Content-Disposition': attachmentDisposition(archive.fileName),
        'Accept-Ranges': 'bytes',
        'Cache-Control': 'private, no-store',
        ETag: etag,
      };
      if (range === 'invalid') {
        c.header('Content-Range', `bytes */${size}`);
        c.header('Accept-Ranges', 'bytes');
        return errorResponse(c, 'RANGE_NOT_SATISFIABLE', `The archive has ${size} bytes`);
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      const body = archiveStream(services.storage, archive, start, end);
      return new Response(body, {
        status: range ? 206 : 200,
        headers: {
          ...headers,
          'Content-Length': String(end - start + 1),
          ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
        },
      });
    });
}
