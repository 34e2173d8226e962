import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3FileStorage, type S3StorageOptions } from '../src/lib/s3-storage';
import { IMAGE_VARIANT_TAGS } from '../src/modules/catalogue/index';

/** s3rver's one account: requests signed with other keys are refused, as S3 would. */
const ACCESS_KEY = 'S3RVER';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* variables a server process needs to keep its images in this bucket. */
  env(prefix?: string): Record<string, string>;
  /** A storage on the bucket, as the server builds it from those variables. */
  storage(overrides?: Partial<S3StorageOptions>): S3FileStorage;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: S3's REST API and its signature checks, files on disk) on a
 * free port of this machine, with one empty bucket.
 */
export async function startS3Server(bucket = 'bazaar-images'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'bazaar-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const options = (prefix = ''): S3StorageOptions => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    prefix,
    variantTags: IMAGE_VARIANT_TAGS,
  });
  return {
    endpoint,
    bucket,
    env: (prefix = '') => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      ...(prefix ? { S3_PREFIX: prefix } : {}),
      // The SDK's notice that its 2027 releases will want Node 22: noise in a test's output.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    }),
    storage: (overrides = {}) => new S3FileStorage({ ...options(), ...overrides }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
