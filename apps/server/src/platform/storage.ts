// Files kept by the product (avatars now; attachments later) under DATA_DIR/files, addressed by relative keys.
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

export type FileStorage = {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream of the file, or null when it does not exist. */
  open(key: string): Promise<ReadStream | null>;
  /** The whole file, or null when it does not exist. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
};

export function createFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root) + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async open(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      return info?.isFile() ? createReadStream(path) : null;
    },
    async read(key) {
      return readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
