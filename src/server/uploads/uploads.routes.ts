import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { authMessages } from '#shared/auth';
import { uploadMessages } from '#shared/upload-limits';
import { signedInUser } from '../auth/session';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import type { AppEnv } from '../http/app-env';
import { createRouter } from '../http/router';
import { refuseFile, saveImage } from './image-uploads';
import { savePreview } from './preview-uploads';
import type { ProductFileUploads } from './product-files';

/**
 * Admins only. The admin API's own guard covers every /api/admin route (401, 403); this one
 * keeps the upload routes shut on their own as well, whatever order routes are mounted in.
 */
const adminsOnly = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHORIZED', authMessages.notAuthenticated);
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'Only store admins can upload');
  await next();
});

const singleFileForm = z.object({ file: z.instanceof(File) });

/** The one file of a multipart form's `file` field. */
async function formFile(request: { parseBody(): Promise<Record<string, unknown>> }) {
  const form = singleFileForm.safeParse(await request.parseBody().catch(() => ({})));
  if (!form.success) throw refuseFile(uploadMessages.noFile);
  return form.data.file;
}

/**
 * /api/admin/uploads: product files by tus (files, files/:id), cover and gallery images, and
 * audio previews (multipart forms with one `file`).
 */
export function uploadsRoutes(deps: { db: Db; mediaDir: string; files: ProductFileUploads }) {
  const { files } = deps;
  const router = createRouter();
  router.use('/admin/uploads/*', adminsOnly);
  // tus: POST creates, PATCH appends, DELETE drops an unfinished upload, OPTIONS describes.
  router.on(
    ['POST', 'PATCH', 'DELETE', 'OPTIONS'],
    ['/admin/uploads/files', '/admin/uploads/files/:id'],
    (c) => files.handle(c.req.raw, signedInUser(c)),
  );
  // Hono routes HEAD as GET: HEAD is tus's offset query, GET the finished upload's record.
  router.get('/admin/uploads/files/:id', async (c) =>
    c.req.method === 'HEAD'
      ? files.handle(c.req.raw, signedInUser(c))
      : c.json({ upload: await files.record(c.req.param('id')) }, 200),
  );
  router.post('/admin/uploads/images', async (c) => {
    const file = await formFile(c.req);
    return c.json({ image: await saveImage(deps, file, signedInUser(c).id) }, 201);
  });
  router.post('/admin/uploads/previews', async (c) => {
    const file = await formFile(c.req);
    return c.json({ preview: await savePreview(deps, file, signedInUser(c).id) }, 201);
  });
  return router;
}
