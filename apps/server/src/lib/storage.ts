import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated files live. Keys are relative paths like `products/abc.webp`. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
  /** Absolute path on disk, for streaming with sendFile; undefined for remote stores. */
  localPath(key: string): string | undefined;
}

function safeKey(key: string): string {
  const normal = path.posix.normalize(key).replace(/^\/+/, '');
  if (normal.startsWith('..') || normal.includes('\0')) throw new Error(`unsafe storage key: ${key}`);
  return normal;
}

/** Files under a folder of DATA_DIR. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  localPath(key: string): string {
    return path.join(this.root, safeKey(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.localPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.localPath(key));
    } catch {
      return undefined;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
  }
}
