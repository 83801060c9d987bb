import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, stat, writeFile, readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertValidKey, isValidKey, type ListedFile, type Storage } from './storage';
import type { SigningKeys } from '../security/signed-token';
import { signFileToken } from './file-token';

/** Files under `root` on this machine; links are our own signed, expiring /api/files URLs. */
export function createLocalStorage(settings: {
  root: string;
  keys: SigningKeys;
  publicUrl: string;
}): Storage {
  const root = resolve(settings.root);
  const pathOf = (key: string) => {
    assertValidKey(key);
    const path = resolve(join(root, key));
    // Belt and braces: a valid key can never leave the root.
    if (!path.startsWith(root + sep)) throw new Error('Path escapes the storage root');
    return path;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : null;
      } catch {
        return null;
      }
    },
    async downloadLink(key, fileName, ttlSeconds) {
      pathOf(key);
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const token = signFileToken(settings.keys, { key, fileName, exp: expiresAt.getTime() });
      return { url: `${settings.publicUrl}/api/files/${token}`, expiresAt };
    },
    list: () => listFolder(root, ''),
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await copyFile(source, path);
    },
    read(key, range) {
      return createReadStream(pathOf(key), range);
    },
    async openRead(key, range) {
      // Large reads: a whole archive's files go through here, and fewer chunks cost less.
      return createReadStream(pathOf(key), { ...range, highWaterMark: 1024 * 1024 });
    },
    async check() {
      const key = `.health/${process.pid}`;
      await this.put(key, Buffer.from('ok'), 'text/plain');
      const back = await readFile(pathOf(key), 'utf8');
      await rm(pathOf(key), { force: true });
      if (back !== 'ok') throw new Error('Storage read back something else');
    },
  };
}

/** The files under `root/prefix`, depth first; names that are not storage keys are skipped. */
async function* listFolder(root: string, prefix: string): AsyncGenerator<ListedFile> {
  const entries = await readdir(join(root, prefix), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      // No files folder yet: a store that has stored nothing.
      if (error.code === 'ENOENT' && prefix === '') return [];
      throw error;
    },
  );
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (!isValidKey(key)) continue;
    if (entry.isDirectory()) yield* listFolder(root, key);
    else if (entry.isFile()) yield { key, size: (await stat(join(root, key))).size };
  }
}

export function contentTypeOf(key: string): string {
  if (key.endsWith('.zip')) return 'application/zip';
  if (key.endsWith('.wav')) return 'audio/wav';
  if (key.endsWith('.pdf')) return 'application/pdf';
  return 'application/octet-stream';
}
