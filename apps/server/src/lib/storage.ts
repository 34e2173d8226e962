import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Folder of the files made from stored ones (resized images); a key never starts with a dot. */
const VARIANTS = '.variants';

/** Where a variant of a stored file lives (`tag` names the variant, e.g. `w320` for a width). */
export function variantKey(key: string, tag: string): string {
  return `${VARIANTS}/${tag}/${key}.webp`;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** The media type of a stored image by its key's extension; undefined for anything that is not one. */
export function contentTypeOf(key: string): string | undefined {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()];
}

/** A stored file as a listing names it. */
export interface StoredFile {
  key: string;
  size: number;
}

/**
 * Where uploaded and generated files live. Keys are relative paths like `products/abc.webp`. Two
 * implementations: a folder (`LocalFileStorage`, the default) and an S3-compatible bucket
 * (`S3FileStorage`, which every server process of a shop on several machines shares).
 */
export interface FileStorage {
  /** Which kind of store this is, for the start-up log line. */
  readonly kind: 'folder' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is none; a store that cannot be reached throws. */
  get(key: string): Promise<Buffer | undefined>;
  /** The file's size in bytes, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Removes the file and every variant made from it, so none is served after it. */
  remove(key: string): Promise<void>;
  /** Every stored file, variants included (copying one store into another). */
  list(): AsyncIterable<StoredFile>;
  /** Absolute path on disk, for streaming with sendFile; undefined for remote stores. */
  localPath(key: string): string | undefined;
  /** Lets go of connections (the app's close). */
  close(): Promise<void>;
}

/** The key as a normalised relative path; throws for one that would leave the store. */
export function safeKey(key: string): string {
  const normal = path.posix.normalize(key).replace(/^\/+/, '');
  if (normal.startsWith('..') || normal.includes('\0')) throw new Error(`unsafe storage key: ${key}`);
  return normal;
}

/** Files under a folder (DATA_DIR/uploads by default). */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'folder';

  constructor(readonly root: string) {}

  localPath(key: string): string {
    return path.join(this.root, safeKey(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.localPath(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed: a reader (the demo's images written again while they are served)
    // sees the old file or the new one, never half of one.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, data);
    await rename(partial, file).catch(async (error) => {
      await rm(partial, { force: true });
      throw error;
    });
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.localPath(key));
    } catch {
      return undefined;
    }
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const found = await stat(this.localPath(key));
      return found.isFile() ? found.size : undefined;
    } catch {
      return undefined;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
    const tags = await readdir(path.join(this.root, VARIANTS)).catch(() => [] as string[]);
    await Promise.all(tags.map((tag) => rm(this.localPath(variantKey(key, tag)), { force: true })));
  }

  async *list(): AsyncIterable<StoredFile> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, file).split(path.sep).join('/');
      const size = await this.size(key);
      if (size !== undefined) yield { key, size };
    }
  }

  async close(): Promise<void> {}
}
