import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { errorResponse } from '../http/error-handler';
import type { Services } from '../services';
import { attachmentDisposition } from './content-disposition';
import { readFileToken } from './file-token';
import { isValidKey } from './storage';

/** One byte range of `size`, from a `Range: bytes=a-b` header; null for none, 'invalid' if unsatisfiable. */
export function parseRange(header: string | undefined, size: number) {
  if (!header) return null;
  const match = header.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (!match[1] && !match[2])) return 'invalid' as const;
  let start = match[1] ? Number(match[1]) : size - Number(match[2]);
  let end = match[1] && match[2] ? Number(match[2]) : size - 1;
  start = Math.max(0, start);
  end = Math.min(end, size - 1);
  return start > end || start >= size ? ('invalid' as const) : { start, end };
}

/**
 * GET /api/files/:token: a local download link. The token names the key and file name and
 * expires; a tampered or expired one is 403. Streams with the file name, length and ranges.
 */
export function filesRoutes({ storage, keys }: Pick<Services, 'storage' | 'keys'>) {
  return new Hono().get('/files/:token', async (c) => {
    const link = readFileToken(keys, c.req.param('token'));
    if (!link || !storage.read) {
      return errorResponse(c, 'FORBIDDEN', 'This download link is invalid or has expired');
    }
    // A key that is not one of ours (a traversal attempt) names no file.
    const file = isValidKey(link.key) ? await storage.stat(link.key) : null;
    if (!file) return errorResponse(c, 'NOT_FOUND', 'File not found');
    const range = parseRange(c.req.header('range'), file.size);
    const headers: Record<string, string> = {
      'Content-Type': file.contentType,
      'Content-Disposition': attachmentDisposition(link.fileName),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-store',
    };
    if (range === 'invalid') {
      c.header('Content-Range', `bytes */${file.size}`);
      c.header('Accept-Ranges', 'bytes');
      return errorResponse(c, 'RANGE_NOT_SATISFIABLE', `The file has ${file.size} bytes`);
    }
    const body = Readable.toWeb(storage.read(link.key, range ?? undefined)) as ReadableStream;
    if (range) {
      return new Response(body, {
        status: 206,
        headers: {
          ...headers,
          'Content-Length': String(range.end - range.start + 1),
          'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`,
        },
      });
    }
    return new Response(body, {
      status: 200,
      headers: { ...headers, 'Content-Length': String(file.size) },
    });
  });
}
