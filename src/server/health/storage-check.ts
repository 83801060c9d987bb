import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Storage } from '../storage/storage';
import type { HealthReport } from '#shared/health';
import { failureCode, withTimeout } from './timeout';

type FolderReport = HealthReport['storage']['folders'][number];

export interface StorageFolders {
  /** Private product files. */
  files: string;
  /** Public cover art and previews. */
  media: string;
}

const canAccess = (path: string, mode: number) =>
  access(path, mode).then(
    () => null,
    (error: unknown) => error,
  );

/**
 * Files live on the local disk today. A folder is fine when it can be read and written, or when
 * it does not exist yet but its parent can be written (it is created on the first write).
 */
async function checkFolder(
  name: FolderReport['name'],
  path: string,
  showPath: boolean,
): Promise<FolderReport> {
  const where = showPath ? { path } : {};
  const unreachable = await canAccess(path, constants.F_OK);
  if (unreachable && failureCode(unreachable) === 'ENOENT') {
    const parentError = await canAccess(dirname(path), constants.W_OK);
    return {
      name,
      ...where,
      exists: false,
      readable: false,
      writable: !parentError,
      status: parentError ? 'failed' : 'ok',
      detail: parentError
        ? `Missing, and its parent folder cannot be written (${failureCode(parentError)})`
        : 'Not created yet; created on the first write',
    };
  }
  if (unreachable) {
    return {
      name,
      ...where,
      exists: false,
      readable: false,
      writable: false,
      status: 'failed',
      detail: `Cannot be reached (${failureCode(unreachable)})`,
    };
  }
  const readable = !(await canAccess(path, constants.R_OK));
  const writable = !(await canAccess(path, constants.W_OK));
  const ok = readable && writable;
  return {
    name,
    ...where,
    exists: true,
    readable,
    writable,
    status: ok ? 'ok' : 'failed',
    detail: ok
      ? 'Readable and writable'
      : `Not ${[readable ? null : 'readable', writable ? null : 'writable'].filter(Boolean).join(' or ')}`,
  };
}

/** Product files in S3: write and delete a probe object, within 3 seconds. */
async function checkBucket(files: Storage): Promise<FolderReport> {
  try {
    await withTimeout(files.check(), 3000);
    return {
      name: 'files',
      exists: true,
      readable: true,
      writable: true,
      status: 'ok',
      detail: 'S3 bucket answered a write',
    };
  } catch (error) {
    return {
      name: 'files',
      exists: false,
      readable: false,
      writable: false,
      status: 'failed',
      detail: `S3 bucket check failed (${failureCode(error)})`,
    };
  }
}

export async function checkStorage(
  folders: StorageFolders,
  showPaths: boolean,
  files?: Pick<Storage, 'kind' | 'check'>,
): Promise<HealthReport['storage']> {
  const s3 = files?.kind === 's3';
  const reports = await Promise.all([
    s3 ? checkBucket(files as Storage) : checkFolder('files', folders.files, showPaths),
    checkFolder('media', folders.media, showPaths),
  ]);
  return {
    status: reports.every((folder) => folder.status === 'ok') ? 'ok' : 'failed',
    backend: s3 ? 's3' : 'local',
    folders: reports,
  };
}
