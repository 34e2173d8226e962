import {
  type ImportProblem,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_LIMITS,
  type ProductCsvRow,
  productCsvRowSchema,
} from '@bazaar/shared';
import { CsvError, parse } from 'csv-parse/sync';

/** A data row of the file with its line (the header is line 1; a quoted cell may span lines). */
export interface FileRow {
  line: number;
  row: ProductCsvRow;
}

/** The rows that parsed and every problem found; a problem with the file as a whole leaves no rows. */
export interface ProductFile {
  rows: FileRow[];
  problems: ImportProblem[];
}

/**
 * Reads the products file (csv-parse): the header must name every column of PRODUCT_CSV_COLUMNS
 * (in any order; unknown columns are refused, so a misspelt one is not silently dropped), then each
 * row is checked by the shared row schema. Every problem is collected, with its line.
 */
export function readProductFile(bytes: Buffer): ProductFile {
  if (bytes.includes(0))
    return { rows: [], problems: [{ line: 1, message: 'This is not a text file; export a CSV file' }] };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(bytes, {
      bom: true,
      info: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      to_line: PRODUCT_IMPORT_LIMITS.rows + 50,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      return {
        rows: [],
        problems: [{ line: Number(error.lines) || 1, message: `Not readable as CSV: ${error.message}` }],
      };
    throw error;
  }
  const [head, ...body] = records;
  if (!head) return { rows: [], problems: [{ line: 1, message: 'The file is empty' }] };
  const header = head.record.map((c) => c.trim().toLowerCase());
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const unknown = header.filter((c) => !known.has(c));
  const missing = PRODUCT_CSV_COLUMNS.filter((c) => !header.includes(c));
  const twice = header.filter((c, i) => header.indexOf(c) !== i);
  if (unknown.length || missing.length || twice.length) {
    const parts = [
      missing.length ? `missing ${missing.join(', ')}` : '',
      unknown.length ? `unknown ${unknown.map((c) => `"${c}"`).join(', ')}` : '',
      twice.length ? `repeated ${twice.join(', ')}` : '',
    ].filter(Boolean);
    return {
      rows: [],
      problems: [{ line: 1, message: `The header line must name the export's columns: ${parts.join('; ')}` }],
    };
  }
  if (body.length > PRODUCT_IMPORT_LIMITS.rows) {
    return {
      rows: [],
      problems: [
        {
          line: 1,
          message: `A file may hold at most ${PRODUCT_IMPORT_LIMITS.rows.toLocaleString('en-IN')} rows`,
        },
      ],
    };
  }
  const rows: FileRow[] = [];
  const problems: ImportProblem[] = [];
  const skuColumn = header.indexOf('sku');
  const lineOfSku = new Map<string, number>();
  for (const { record, info } of body) {
    if (record.every((c) => c.trim() === '')) continue;
    const sku = record[skuColumn]?.trim().toLowerCase();
    const first = sku ? lineOfSku.get(sku) : undefined;
    if (first !== undefined) {
      problems.push({
        line: info.lines,
        message: `SKU ${record[skuColumn]!.trim()} is also on line ${first}; each SKU once a file`,
      });
      continue;
    }
    if (sku) lineOfSku.set(sku, info.lines);
    if (record.length !== header.length) {
      problems.push({
        line: info.lines,
        message: `Has ${record.length} cells; the header has ${header.length}`,
      });
      continue;
    }
    const cells = Object.fromEntries(header.map((c, i) => [c, record[i]!]));
    const parsed = productCsvRowSchema.safeParse(cells);
    if (parsed.success) rows.push({ line: info.lines, row: parsed.data });
    else problems.push({ line: info.lines, message: parsed.error.issues.map((i) => i.message).join('; ') });
  }
  if (rows.length === 0 && problems.length === 0)
    problems.push({ line: 2, message: 'The file has no product rows' });
  return { rows, problems };
}
