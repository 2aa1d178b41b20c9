import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeStorageKey, type Storage } from './types.js';

/** Content types live beside the objects under a directory no key can name (segments never start with '.'). */
const TYPES_DIR = '.content-types';

const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/**
 * Files under `root` (`${DATA_DIR}/uploads`): the object at `root/<key>`, its content type at
 * `root/.content-types/<key>`. Writes go to a temporary file first and are renamed into place, so a
 * reader never sees half a file. Nothing touches the disk until the first write.
 */
export function createDiskStorage(root: string): Storage {
  const base = path.resolve(root);

  /** The absolute path of `key` under `dir`, refusing anything that would land outside it. */
  function resolve(key: string, dir = base): string {
    assertSafeStorageKey(key);
    const full = path.resolve(dir, ...key.split('/'));
    if (!full.startsWith(dir + path.sep)) throw new Error('storage key escapes its directory');
    return full;
  }

  async function writeAtomically(file: string, data: Uint8Array | string) {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await writeFile(temp, data);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  return {
    name: 'disk',
    async put(key, bytes, contentType) {
      const file = resolve(key);
      const typeFile = resolve(key, path.join(base, TYPES_DIR));
      // The type first: an object is only ever readable together with its type.
      await writeAtomically(typeFile, contentType);
      await writeAtomically(file, bytes);
    },
    async get(key) {
      const file = resolve(key);
      const typeFile = resolve(key, path.join(base, TYPES_DIR));
      try {
        const [body, contentType] = await Promise.all([readFile(file), readFile(typeFile, 'utf8')]);
        return { body, contentType: contentType.trim() || 'application/octet-stream' };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const file = resolve(key);
      const typeFile = resolve(key, path.join(base, TYPES_DIR));
      await rm(file, { force: true });
      await rm(typeFile, { force: true });
    },
  };
}
