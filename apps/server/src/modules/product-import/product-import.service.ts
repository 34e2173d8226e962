import { Readable } from 'node:stream';
import {
  CSV_LIST_SEPARATOR,
  type ImportEvent,
  type ImportProblem,
  type ImportSummary,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_LIMITS,
  paiseToRupeesText,
} from '@bazaar/shared';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, badRequest } from '../../lib/errors';
import { toWebp } from '../../lib/image-upload';
import type { FileStorage } from '../../lib/storage';
import type { Actor, AuditService } from '../audit/index';
import {
  type CatalogueService,
  imageUrl,
  PRODUCT_IMAGE_RULES,
  storedValueOf,
  storeProductImages,
} from '../catalogue/index';
import { fetchImage, ImageFetchError, type ImageFetchRules } from './image-fetch';
import { type ImportPlan, planImport } from './import-plan';
import { writeSlice } from './import-slice';
import { readProductFile } from './product-file';
import { findExportSlice, type ProductRecord } from './product-import.repo';

export interface ProductImportServiceDeps {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  catalogue: CatalogueService;
  audit: AuditService;
  /** How image URLs of a file are fetched; tests narrow the addresses allowed. */
  imageFetch?: Partial<ImageFetchRules>;
}

/** A file checked whole and found importable. */
export type CheckedImport = Extract<ImportPlan, { products: unknown }> & { rows: number };

const EXPORT_SLICE = 500;
/** Products written per slice (a handful of statements each). */
const WRITE_SLICE = 200;
const FETCHES_AT_ONCE = 4;

const isUrl = (v: string) => /^https?:\/\//i.test(v);

/**
 * Import/Export of the products file (issue 23 point 6, decision 197): the export streams every live
 * product's variants; an import is checked whole (rows, then against the shop) before anything is
 * fetched or written, and then written in one transaction, stock through the ledger ('import').
 */
export class ProductImportService {
  constructor(private readonly deps: ProductImportServiceDeps) {}

  /** The CSV of every live product, one row a variant, read in slices as the reply is sent. */
  exportCsv(): Readable {
    const csv = stringify({ header: true, columns: [...PRODUCT_CSV_COLUMNS], bom: true });
    const { db } = this.deps;
    const rows = async function* () {
      let after: string | null = null;
      for (;;) {
        const slice = await findExportSlice(db, after, EXPORT_SLICE);
        if (slice.rows.length === 0) return;
        const byProduct = new Map<string, typeof slice.variants>();
        for (const v of slice.variants)
          byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
        for (const p of slice.rows) for (const v of byProduct.get(p.id) ?? []) yield exportRow(p, v);
        after = slice.rows.at(-1)!.id;
      }
    };
    return Readable.from(rows()).pipe(csv);
  }

  /** Reads and checks the file; a refusal (400) lists every problem by line, and nothing is written. */
  async check(bytes: Buffer): Promise<CheckedImport> {
    const file = readProductFile(bytes);
    // The rows that parsed are checked against the shop too, so one refusal lists every bad line.
    const plan = file.rows.length ? await planImport(this.deps.db, file.rows) : { problems: [] };
    const problems = [...file.problems, ...('problems' in plan ? plan.problems : [])];
    if (problems.length || 'problems' in plan) throw refusal(problems.sort((a, b) => a.line - b.line));
    return { ...plan, rows: file.rows.length };
  }

  /**
   * Fetches the file's new image URLs, then writes every product in one transaction, telling
   * `progress` as it goes. An image that cannot be used ends it as `refused`, with nothing written.
   */
  async apply(
    actor: Actor,
    checked: CheckedImport,
    progress: (event: ImportEvent) => void,
  ): Promise<ImportEvent> {
    const fetched = await this.fetchImages(checked, progress);
    if ('problems' in fetched)
      return {
        type: 'refused',
        message: 'An image could not be used; nothing was imported',
        problems: fetched.problems,
      };
    const total = checked.products.length;
    const summary: ImportSummary = {
      type: 'done',
      rows: checked.rows,
      productsCreated: 0,
      productsUpdated: 0,
      variantsCreated: 0,
      variantsUpdated: 0,
      unchanged: 0,
    };
    const touched: string[] = [];
    await inTransaction(this.deps.db, async (tx, unit) => {
      await tx.execute(sqlActor(actor.id));
      const keys = new Map<string, string>();
      const urls = [...fetched.images.keys()];
      const stored = await storeProductImages(this.deps.storage, [...fetched.images.values()], unit);
      for (const [i, url] of urls.entries()) keys.set(url, stored[i]!);
      const imageOf = (value: string | null, current: string | null) => {
        if (value === null) return current;
        if (current && (value === current || value === imageUrl(current))) return current;
        return keys.get(value) ?? storedValueOf(value);
      };
      // A slice of products a few statements at a time; progress after each.
      for (let done = 0; done < total; ) {
        const slice = checked.products.slice(done, done + WRITE_SLICE);
        touched.push(...(await writeSlice(tx, slice, imageOf, summary, actor.id)));
        done += slice.length;
        progress({ type: 'progress', phase: 'writing', done, total });
      }
      await this.deps.audit.record(tx, actor, {
        action: 'product.import',
        entityId: null,
        summary: `Imported ${summary.rows} rows: ${summary.productsCreated} products created, ${summary.productsUpdated} updated; ${summary.variantsCreated} variants created, ${summary.variantsUpdated} updated, ${summary.unchanged} unchanged`,
        after: { ...summary, type: undefined, images: fetched.images.size },
      });
      unit.afterCommit(() => this.deps.catalogue.invalidate(touched.length > 1000 ? undefined : touched));
    });
    return summary;
  }

  private async fetchImages(
    checked: CheckedImport,
    progress: (event: ImportEvent) => void,
  ): Promise<{ images: Map<string, Buffer> } | { problems: ImportProblem[] }> {
    const lineOf = new Map<string, number>();
    for (const p of checked.products) {
      const current = new Map(p.variants.map((v) => [v.sku, v.image]));
      for (const { line, row } of p.rows) {
        if (!row.image || !isUrl(row.image) || lineOf.has(row.image)) continue;
        const was = current.get(row.sku);
        if (was && (was === row.image || imageUrl(was) === row.image)) continue;
        lineOf.set(row.image, line);
      }
    }
    const urls = [...lineOf.keys()];
    const images = new Map<string, Buffer>();
    if (urls.length === 0) return { images };
    if (urls.length > PRODUCT_IMPORT_LIMITS.images)
      return {
        problems: [
          { line: 1, message: `A file may name at most ${PRODUCT_IMPORT_LIMITS.images} new image URLs` },
        ],
      };
    const rules: ImageFetchRules = {
      maxBytes: PRODUCT_IMPORT_LIMITS.imageBytes,
      timeoutMs: 15_000,
      maxRedirects: 3,
      ...this.deps.imageFetch,
    };
    const problems: ImportProblem[] = [];
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        try {
          images.set(url, await toWebp(await fetchImage(url, rules), PRODUCT_IMAGE_RULES));
        } catch (error) {
          const message =
            error instanceof ImageFetchError || isAppError(error) ? error.message : 'could not be read';
          problems.push({
            line: lineOf.get(url)!,
            message: message.startsWith('Image') ? message : `Image ${url}: ${message}`,
          });
        }
        progress({ type: 'progress', phase: 'images', done: ++done, total: urls.length });
      }
    };
    await Promise.all(Array.from({ length: FETCHES_AT_ONCE }, worker));
    if (problems.length) return { problems: problems.sort((a, b) => a.line - b.line) };
    // Kept in the file's order, so stored keys follow it.
    return { images: new Map(urls.map((u) => [u, images.get(u)!])) };
  }
}

function exportRow(
  p: ProductRecord,
  v: {
    sku: string;
    colour: string | null;
    size: string | null;
    stock: number;
    pricePaise: number | null;
    image: string | null;
    active: boolean;
  },
) {
  return {
    product_sku: p.sku ?? '',
    name: p.name,
    description: p.description,
    brand: p.brand,
    category: p.category,
    sub_category: p.subCategory ?? '',
    option: p.option ?? '',
    sub_option: p.subOption ?? '',
    price: paiseToRupeesText(p.pricePaise),
    discount: String(p.discount),
    hsn: p.hsn ?? '',
    gst_rate: String(p.gstRateBp / 100),
    material: p.material ?? '',
    made_in: p.madeIn ?? '',
    seller: p.seller ?? '',
    tags: p.tags.join(CSV_LIST_SEPARATOR),
    featured: String(p.isFeatured),
    sku: v.sku,
    colour: v.colour ?? '',
    size: v.size ?? '',
    stock: String(v.stock),
    variant_price: v.pricePaise === null ? '' : paiseToRupeesText(v.pricePaise),
    image: v.image ? imageUrl(v.image) : '',
    active: String(v.active),
  };
}

/** The 400 of a refused file: the first problems by line (`fields`: "line 7" → why). */
function refusal(problems: ImportProblem[]) {
  const fields: Record<string, string> = {};
  for (const { line, message } of problems.slice(0, PRODUCT_IMPORT_LIMITS.problems)) {
    const key = `line ${line}`;
    fields[key] = fields[key] ? `${fields[key]}; ${message}` : message;
  }
  const more =
    problems.length > PRODUCT_IMPORT_LIMITS.problems
      ? ` (the first ${PRODUCT_IMPORT_LIMITS.problems} are listed)`
      : '';
  const lines = new Set(problems.map((p) => p.line)).size;
  return badRequest(
    `Nothing was imported: ${lines === 1 ? '1 line needs' : `${lines} lines need`} fixing${more}`,
    fields,
  );
}

/**
 * The admin the ledger rows name, and `bazaar.variants_own` (0034): the import writes the variants
 * itself, so the product triggers neither make nor re-spread them, and sums stock once a slice.
 */
function sqlActor(adminId: string) {
  return sql`select set_config('bazaar.actor_id', ${adminId}, true), set_config('bazaar.variants_own', 'on', true)`;
}

const isAppError = (e: unknown): e is AppError => e instanceof AppError;
