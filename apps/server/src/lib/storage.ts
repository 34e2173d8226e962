import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Folder of the files made from stored ones (resized images); a key never starts with a dot. */
const VARIANTS = '.variants';

/** Where a variant of a stored file lives (`tag` names the variant, e.g. `w320` for a width). */
export function variantKey(key: string, tag: string): string {
  return `${VARIANTS}/${tag}/${key}.webp`;
}

/** Where uploaded and generated files live. Keys are relative paths like `products/abc.webp`. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the file and every variant made from it, so none is served after it. */
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
    const tags = await readdir(path.join(this.root, VARIANTS)).catch(() => [] as string[]);
    await Promise.all(tags.map((tag) => rm(this.localPath(variantKey(key, tag)), { force: true })));
  }
}
