import pLimit from 'p-limit';
import type { FileStorage } from './storage';

export interface CopyReport {
  /** Files written to the destination, and their bytes. */
  copied: number;
  bytes: number;
  /** Files the destination held already, at the same size. */
  skipped: number;
  failed: { key: string; error: string }[];
}

/**
 * Copies every file of `from` (variants included) that `to` lacks or holds at another size. A
 * rerun copies nothing twice, so the copy can be repeated at will and resumed after an
 * interruption; a file that fails is reported and the rest go on.
 */
export async function copyFiles(
  from: FileStorage,
  to: FileStorage,
  options: { concurrency?: number; onFile?: (key: string, outcome: 'copied' | 'skipped') => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, bytes: 0, skipped: 0, failed: [] };
  const limit = pLimit(options.concurrency ?? 8);
  const copyOne = async (key: string, size: number) => {
    try {
      if ((await to.size(key)) === size) {
        report.skipped += 1;
        options.onFile?.(key, 'skipped');
        return;
      }
      const data = await from.get(key);
      if (!data) throw new Error('it disappeared from the source meanwhile');
      await to.put(key, data);
      report.copied += 1;
      report.bytes += data.length;
      options.onFile?.(key, 'copied');
    } catch (error) {
      report.failed.push({ key, error: (error as Error).message });
    }
  };
  // A batch at a time, so a store of any size is never held in memory whole.
  let batch: Promise<void>[] = [];
  for await (const file of from.list()) {
    batch.push(limit(() => copyOne(file.key, file.size)));
    if (batch.length >= 500) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
  return report;
}
