import { z } from 'zod';
import { uploadMessages } from '#shared/upload-limits';
import type { AdminEnv } from '../admin/require-admin';
import { createRouter } from '../http/router';
import type { Services } from '../services';
import { refuseFile, saveImage } from './image-uploads';
import { savePreview } from './preview-uploads';

const singleFileForm = z.object({ file: z.instanceof(File) });

/** The one file of a multipart form's `file` field. */
async function formFile(request: { parseBody(): Promise<Record<string, unknown>> }) {
  const form = singleFileForm.safeParse(await request.parseBody().catch(() => ({})));
  if (!form.success) throw refuseFile(uploadMessages.noFile);
  return form.data.file;
}

/**
 * /api/admin/uploads (behind requireAdmin, admin.routes.ts): product files by tus (files,
 * files/:id), cover and gallery images, and audio previews (multipart forms with one `file`).
 */
export function uploadsRoutes({
  db,
  config,
  productFiles: files,
}: Pick<Services, 'db' | 'config' | 'productFiles'>) {
  const deps = { db, mediaDir: config.mediaDir };
  const router = createRouter<AdminEnv>();
  // tus: POST creates, PATCH appends, DELETE drops an unfinished upload, OPTIONS describes.
  router.on(
    ['POST', 'PATCH', 'DELETE', 'OPTIONS'],
    ['/admin/uploads/files', '/admin/uploads/files/:id'],
    (c) => files.handle(c.req.raw, c.get('admin')),
  );
  // Hono routes HEAD as GET: HEAD is tus's offset query, GET the finished upload's record.
  router.get('/admin/uploads/files/:id', async (c) =>
    c.req.method === 'HEAD'
      ? files.handle(c.req.raw, c.get('admin'))
      : c.json({ upload: await files.record(c.req.param('id')) }, 200),
  );
  router.post('/admin/uploads/images', async (c) => {
    const file = await formFile(c.req);
    return c.json({ image: await saveImage(deps, file, c.get('admin').id) }, 201);
  });
  router.post('/admin/uploads/previews', async (c) => {
    const file = await formFile(c.req);
    return c.json({ preview: await savePreview(deps, file, c.get('admin').id) }, 201);
  });
  return router;
}
