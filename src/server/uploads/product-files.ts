import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { ERRORS, Server, type Upload } from '@tus/server';
import {
  MAX_PRODUCT_FILE_BYTES,
  PRODUCT_FILE_UPLOADS_PATH,
  uploadMessages,
} from '#shared/upload-limits';
import { isUuid } from '#shared/ids';
import type { UploadRecord } from '#shared/uploads';
import type { SessionUser } from '../auth/session-user';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { codeForStatus, errorBody, INTERNAL_MESSAGE } from '../http/error-handler';
import type { Logger } from '../logger';
import { UPLOAD_KEY_PREFIX, uploadKeyOf, type UploadStore } from './upload-store';
import {
  cleanFileName,
  digestsOf,
  findUpload,
  recordUpload,
  uploadRecord,
} from './uploads.service';

const MIME_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/** A refusal in tus's terms: the server answers `status_code` with `body` as its message. */
class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/**
 * Product files by the tus protocol (@tus/server): POST creates an upload of a stated length,
 * PATCH appends bytes at the offset HEAD reports, so a cut connection resumes where it stopped.
 * Bytes stream from the request to the files folder or to S3 multipart parts; nothing holds a
 * whole file. When the last byte lands, the stored file is hashed (SHA-256 and CRC-32, read back
 * once as a stream) and recorded in product_uploads under the id in its URL.
 */
export function productFileUploads(deps: { db: Db; store: UploadStore; logger: Logger }) {
  const { db, store, logger } = deps;
  // The signed-in admin of each request, for the hooks (which see only the request).
  const uploaders = new WeakMap<Request, SessionUser>();

  async function finish(upload: Upload): Promise<UploadRecord> {
    const { sha256, crc32 } = await digestsOf(await store.read(upload.id));
    await store.markFinished(upload);
    const row = await recordUpload(db, {
      id: upload.id.slice(UPLOAD_KEY_PREFIX.length),
      kind: 'file',
      storageKey: upload.id,
      fileName: upload.metadata?.filename ?? 'file',
      contentType: upload.metadata?.filetype ?? 'application/octet-stream',
      size: upload.size ?? upload.offset,
      sha256,
      crc32,
      createdBy: upload.metadata?.uploadedBy ?? null,
    });
    return uploadRecord(row);
  }

  // Built at the first upload, with the data store it opens (upload-store.ts).
  let server: Server | undefined;
  const tusServer = () =>
    (server ??= new Server({
      path: PRODUCT_FILE_UPLOADS_PATH,
      datastore: store.datastore,
      maxSize: MAX_PRODUCT_FILE_BYTES,
      // The store's own pages are its only client: no cross-origin access.
      allowedOrigins: () => false,
      // A finished file may be on sale: it is never deleted through the upload URL.
      disableTerminationForFinishedUploads: true,
      namingFunction: () => uploadKeyOf(randomUUID()),
      // The URL names the upload by its uuid; the store knows it by its storage key.
      generateUrl: (_req, { path, id }) => `${path}/${id.slice(UPLOAD_KEY_PREFIX.length)}`,
      getFileIdFromRequest: (_req, last) => (last && isUuid(last) ? uploadKeyOf(last) : undefined),
      onUploadCreate: async (req, upload) => {
        if (upload.sizeIsDeferred) throw new TusRefusal(400, 'Upload-Length is required');
        if (upload.size === 0) throw new TusRefusal(400, uploadMessages.empty);
        const filename = cleanFileName(upload.metadata?.filename);
        if (!filename) throw new TusRefusal(400, uploadMessages.noFileName);
        const filetype = upload.metadata?.filetype ?? '';
        return {
          metadata: {
            filename,
            filetype: MIME_TYPE.test(filetype) ? filetype : 'application/octet-stream',
            uploadedBy: uploaders.get(req)?.id ?? null,
          },
        };
      },
      onUploadFinish: async (_req, upload) => ({
        // tus asks for 204; its clients take any 2xx, and this one carries the record.
        status_code: 200,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ upload: await finish(upload) }),
      }),
      onResponseError: (req, err) => {
        if (err instanceof TusRefusal) return undefined;
        if (err === ERRORS.ERR_MAX_SIZE_EXCEEDED) {
          return { status_code: 413, body: uploadMessages.fileTooLarge };
        }
        if (!('status_code' in err) || err.status_code >= 500) {
          logger.error({ err, method: req.method, url: req.url }, 'product file upload failed');
        }
        return undefined;
      },
    }));

  return {
    /** Answers one tus request of a signed-in admin, errors in the app's error shape. */
    async handle(request: Request, user: SessionUser): Promise<Response> {
      uploaders.set(request, user);
      return inAppErrorShape(await tusServer().handleWeb(request));
    },

    /**
     * A finished upload's record. An upload whose last byte landed but whose record was not
     * written (the finishing request failed after it) is finished now.
     */
    async record(id: string): Promise<UploadRecord> {
      const row = isUuid(id) ? await findUpload(db, id) : null;
      if (row) return uploadRecord(row);
      const upload = isUuid(id)
        ? await store.datastore.getUpload(uploadKeyOf(id)).catch(() => null)
        : null;
      if (!upload) throw new AppError('NOT_FOUND', uploadMessages.uploadNotFound);
      if (upload.size === undefined || upload.offset < upload.size) {
        throw new AppError('CONFLICT', uploadMessages.unfinished);
      }
      return finish(upload);
    },

    /** Removes unfinished uploads past their lifetime (the scheduled purge). */
    purgeExpired: () => store.purgeExpired(),
  };
}

export type ProductFileUploads = ReturnType<typeof productFileUploads>;

/**
 * tus answers errors as plain text; the store's clients read `{ error: { code, message } }`.
 * The status stays tus's own (409 for a wrong offset, 410 for an expired upload): its clients
 * decide by it whether to resume or start again. Server failures never show their details.
 */
async function inAppErrorShape(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = (await response.text()).trim();
  const code = codeForStatus(response.status);
  const message =
    response.status >= 500 ? INTERNAL_MESSAGE : text || STATUS_CODES[response.status] || 'Error';
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(errorBody(code, message)), {
    status: response.status,
    headers,
  });
}
