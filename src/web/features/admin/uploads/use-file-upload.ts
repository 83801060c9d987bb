import { useCallback, useEffect, useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import {
  MAX_PRODUCT_FILE_BYTES,
  PRODUCT_FILE_UPLOADS_PATH,
  uploadMessages,
} from '#shared/upload-limits';
import type { UploadRecord } from '#shared/uploads';
import { apiFetch, ApiError } from '#web/api/http';
import { addSample, speedOf, type ProgressSample } from './upload-progress';

export type FileUploadState =
  | { status: 'idle' }
  | { status: 'uploading' | 'paused'; file: File; uploaded: number; speed: number | null }
  | { status: 'done'; file: File; record: UploadRecord }
  | { status: 'error'; file: File | null; message: string };

const CONNECTION_LOST = 'The upload stopped: the connection was lost. Press Resume to go on.';

/** The API's own message in a failed tus request's answer, else a plain one. */
function messageOf(error: unknown): string {
  if (error instanceof DetailedError) {
    const response = error.originalResponse;
    if (!response) return CONNECTION_LOST;
    try {
      const body = JSON.parse(response.getBody()) as { error?: { message?: string } };
      if (body.error?.message) return body.error.message;
    } catch {
      // Not our error shape: the status says enough.
    }
    return `The upload failed (${response.getStatus()}). Please try again.`;
  }
  if (error instanceof ApiError) return error.message;
  return 'The upload failed. Please try again.';
}

/** The record in an answer's `upload`, if it holds one. */
function uploadIn(body: unknown): UploadRecord | null {
  const record = (body as { upload?: Partial<UploadRecord> } | null)?.upload;
  return typeof record?.id === 'string' && typeof record.sha256 === 'string'
    ? (record as UploadRecord)
    : null;
}

/**
 * The finished upload's record: in the last answer, or asked for when a resume found it whole.
 * Read without classic zod's parser, whose first parse probes `new Function` (eval), which the
 * store's Content-Security-Policy refuses and reports.
 */
async function recordOf(upload: Upload, body: string): Promise<UploadRecord> {
  let record: UploadRecord | null = null;
  try {
    record = uploadIn(JSON.parse(body));
  } catch {
    // Not JSON (a HEAD that found the upload whole): asked for below.
  }
  record ??= uploadIn(await apiFetch<unknown>(upload.url ?? ''));
  if (!record) throw new Error('The upload finished but its record could not be read.');
  return record;
}

/**
 * A product file sent by tus: resumable after a dropped connection, a reload or a pause (the
 * browser remembers the upload's URL by the file's fingerprint), with its progress and speed.
 */
export function useFileUpload(onUploaded: (record: UploadRecord) => void) {
  const [state, setState] = useState<FileUploadState>({ status: 'idle' });
  const upload = useRef<Upload | null>(null);
  const samples = useRef<ProgressSample[]>([]);
  // The latest callback, for an upload that finishes after a re-render.
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  }, [onUploaded]);

  useEffect(() => () => void upload.current?.abort(), []);

  const run = useCallback((current: Upload, file: File) => {
    samples.current = [];
    setState({ status: 'uploading', file, uploaded: 0, speed: null });
    current.start();
  }, []);

  const start = useCallback(
    async (file: File) => {
      await upload.current?.abort();
      if (file.size === 0)
        return setState({ status: 'error', file, message: uploadMessages.empty });
      if (file.size > MAX_PRODUCT_FILE_BYTES) {
        return setState({ status: 'error', file, message: uploadMessages.fileTooLarge });
      }
      const next: Upload = new Upload(file, {
        endpoint: PRODUCT_FILE_UPLOADS_PATH,
        metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
        // A dropped connection is retried on its own, then left to the Resume button.
        retryDelays: [0, 1000, 3000, 5000, 10000],
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onProgress: (bytes) => {
          samples.current = addSample(samples.current, { at: performance.now(), bytes });
          setState({ status: 'uploading', file, uploaded: bytes, speed: speedOf(samples.current) });
        },
        onSuccess: ({ lastResponse }) => {
          recordOf(next, lastResponse.getBody() ?? '')
            .then((record) => {
              setState({ status: 'done', file, record });
              uploaded.current(record);
            })
            .catch((error: unknown) =>
              setState({ status: 'error', file, message: messageOf(error) }),
            );
        },
        onError: (error) => setState({ status: 'error', file, message: messageOf(error) }),
      });
      upload.current = next;
      // The same file started earlier (before a reload, say) goes on from where it stopped.
      const previous = await next.findPreviousUploads();
      if (previous[0]) next.resumeFromPreviousUpload(previous[0]);
      run(next, file);
    },
    [run],
  );

  const pause = useCallback(() => {
    const current = upload.current;
    if (!current) return;
    void current.abort();
    setState((s) => (s.status === 'uploading' ? { ...s, status: 'paused', speed: null } : s));
  }, []);

  const resume = useCallback(() => {
    const current = upload.current;
    if (!current || state.status === 'idle' || !state.file) return;
    run(current, state.file);
  }, [run, state]);

  const reset = useCallback(() => {
    void upload.current?.abort();
    upload.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, pause, resume, reset };
}
