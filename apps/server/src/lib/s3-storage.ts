import type { S3Client } from '@aws-sdk/client-s3';
import { contentTypeOf, type FileStorage, type StoredFile, safeKey, variantKey } from './storage';

/** Where the bucket is and how to reach it (README: the S3_* variables). */
export interface S3StorageOptions {
  bucket: string;
  /** `us-east-1` unless the provider says otherwise; Cloudflare R2 takes `auto`. */
  region: string;
  /** The provider's URL (R2, MinIO …); AWS S3's own when absent. */
  endpoint?: string | undefined;
  /** `bucket` in the path rather than the host name: MinIO and most self-hosted stores want it. */
  forcePathStyle: boolean;
  /** Keys given outright; absent, the SDK's own chain (AWS_* variables, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Prepended to every key (`shop/`), so one bucket can hold several shops' files. */
  prefix: string;
  /**
   * Every variant tag files may have (`w320` …): a bucket cannot list a "folder" of variants as
   * cheaply as a disk, so remove() deletes the variants it is told can exist.
   */
  variantTags: readonly string[];
  /** How long one call may take before it is abandoned (and retried by the SDK). */
  requestTimeoutMs?: number;
}

/** Stored files never change under a key (new uploads get new keys), so caches may keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The object is not there (a missing bucket is not this: it is a fault to report). */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  // A HEAD reply has no body to name the error by: the SDK calls any 404 to it NotFound.
  return name === 'NoSuchKey' || name === 'NotFound';
}

/**
 * Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO …) through the official SDK, so
 * every server process of the shop, on any machine, stores and serves the same images.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  private readonly prefix: string;
  // The SDK is loaded with the first call: a shop storing its pictures on disk never pays for it, and
  // one with a bucket loads it when the first picture is asked for.
  private client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;

  constructor(private readonly options: S3StorageOptions) {
    const prefix = options.prefix.replace(/^\/+/, '');
    this.prefix = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
  }

  private connect() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, s3: this.open(sdk) }));
    return this.client;
  }

  private open({ S3Client }: typeof import('@aws-sdk/client-s3')): S3Client {
    const options = this.options;
    return new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where the API demands them: several S3-compatible stores do not accept the
      // SDK's newer default ones (CRC32 on every upload).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { requestTimeout: options.requestTimeoutMs ?? 10_000, connectionTimeout: 3_000 },
    });
  }

  private objectKey(key: string): string {
    return this.prefix + safeKey(key);
  }

  localPath(): undefined {
    return undefined;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const { s3, sdk } = await this.connect();
    await s3.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: contentTypeOf(key) ?? 'application/octet-stream',
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    const { s3, sdk } = await this.connect();
    try {
      const found = await s3.send(
        new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      if (!found.Body) return undefined;
      const bytes = await found.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async size(key: string): Promise<number | undefined> {
    const { s3, sdk } = await this.connect();
    try {
      const found = await s3.send(
        new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return found.ContentLength;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const { s3, sdk } = await this.connect();
    const keys = [key, ...this.options.variantTags.map((tag) => variantKey(key, tag))];
    const done = await s3.send(
      new sdk.DeleteObjectsCommand({
        Bucket: this.options.bucket,
        Delete: { Objects: keys.map((k) => ({ Key: this.objectKey(k) })), Quiet: true },
      }),
    );
    const failed = done.Errors?.filter((e) => e.Code !== 'NoSuchKey') ?? [];
    if (failed.length > 0) {
      throw new Error(`could not remove ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
    }
  }

  async *list(): AsyncIterable<StoredFile> {
    const { s3, sdk } = await this.connect();
    let token: string | undefined;
    do {
      const page = await s3.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: this.prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined || object.Key.endsWith('/')) continue;
        yield { key: object.Key.slice(this.prefix.length), size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    (await this.client)?.s3.destroy();
  }
}
