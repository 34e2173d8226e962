import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type StorageConfig } from '../config';
import { S3FileStorage } from '../lib/s3-storage';
import { type FileStorage, LocalFileStorage } from '../lib/storage';
import { type CopyReport, copyFiles } from '../lib/storage-copy';
import { IMAGE_VARIANT_TAGS } from '../modules/catalogue/index';

const USAGE = `Usage: npm run storage:migrate [-- --from <folder>]
       npm run storage:migrate -- --to <folder>

Copies the shop's images (uploads, demo pictures and their resized variants) from a
folder (DATA_DIR/uploads unless --from names another) into the bucket that S3_BUCKET
and the other S3_* variables name; with --to, from the bucket into a folder (a backup).
Files the destination holds already at the same size are skipped, so the copy can be
run again at any time and resumes where an interrupted one stopped. Nothing is deleted.`;

export class UsageError extends Error {}

export interface MigrateArgs {
  direction: 'to-bucket' | 'to-folder';
  folder: string | undefined;
}

export function parseMigrateArgs(argv: string[]): MigrateArgs {
  let values: { from?: string; to?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, to: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.from !== undefined && values.to !== undefined) {
    throw new UsageError('--from and --to go one way each: give one of them');
  }
  return values.to !== undefined
    ? { direction: 'to-folder', folder: values.to }
    : { direction: 'to-bucket', folder: values.from };
}

/** The bucket of the configuration, or a usage error saying how to name one. */
export function bucketOf(storage: StorageConfig): S3FileStorage {
  if (storage.kind !== 's3') {
    throw new UsageError(
      'S3_BUCKET is not set: name the bucket (and S3_ENDPOINT etc. for R2 or MinIO) first',
    );
  }
  return new S3FileStorage({ ...storage, variantTags: IMAGE_VARIANT_TAGS });
}

export function reportLine(report: CopyReport, from: string, to: string): string {
  const mb = (report.bytes / 1024 / 1024).toFixed(1);
  return (
    `${from} → ${to}: ${report.copied} copied (${mb} MB), ${report.skipped} already there, ` +
    `${report.failed.length} failed`
  );
}

async function main(): Promise<number> {
  let bucket: S3FileStorage | undefined;
  try {
    const args = parseMigrateArgs(process.argv.slice(2));
    const config = loadConfig();
    bucket = bucketOf(config.storage);
    const folderPath = path.resolve(args.folder ?? path.join(config.dataDir, 'uploads'));
    const folder = new LocalFileStorage(folderPath);
    const bucketName = `s3://${config.storage.kind === 's3' ? config.storage.bucket : ''}`;
    const [from, to, fromName, toName]: [FileStorage, FileStorage, string, string] =
      args.direction === 'to-bucket'
        ? [folder, bucket, folderPath, bucketName]
        : [bucket, folder, bucketName, folderPath];
    let seen = 0;
    const report = await copyFiles(from, to, {
      onFile: () => {
        seen += 1;
        if (seen % 500 === 0) console.log(`… ${seen} files`);
      },
    });
    for (const failure of report.failed) console.error(`failed: ${failure.key}: ${failure.error}`);
    console.log(reportLine(report, fromName, toName));
    return report.failed.length === 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await bucket?.close();
  }
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main()
    .then((code) => process.exit(code))
    .catch((error) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    });
}
