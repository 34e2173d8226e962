import { DELIVERY_LIMITS, type PincodeRule, parsePincodeRule, pincodeRuleProblem } from '@bazaar/shared';
import { CsvError, parse } from 'csv-parse/sync';

/** A line of the file that is not a rule, and why. */
export interface FileLineProblem {
  line: number;
  message: string;
}

export type PincodeFile = { rules: PincodeRule[] } | { problems: FileLineProblem[] };

/** Header cells that name the pincode column (any case, spaces ignored). */
const PINCODE_HEADERS = new Set(['pincode', 'pincodes', 'pin', 'pincoderule', 'rule', 'rules', 'postalcode']);
const isHeader = (cell: string) => PINCODE_HEADERS.has(cell.toLowerCase().replace(/[\s_-]/g, ''));

/**
 * A zone's pincodes as a CSV file: one rule a line (a pincode, a range such as 400001-400099 or a
 * prefix such as 4000). A courier's list with more columns works too: a first line naming a
 * `pincode` column says which one to read (other columns are ignored); without one, the first column
 * is read. Empty lines are skipped. The whole file is checked before anything is used: every bad line
 * is reported with its number and reason, and then no rule is returned.
 */
export function readPincodeFile(bytes: Buffer): PincodeFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes as { record, info } (the library's types do not say so).
    records = parse(bytes, {
      bom: true,
      info: true,
      relax_column_count: true,
      // Files edited on several machines mix line ends; each is one.
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      trim: true,
      to_line: DELIVERY_LIMITS.csvLines + 1,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      return {
        problems: [{ line: Number(error.lines) || 1, message: `Not readable as CSV: ${error.message}` }],
      };
    }
    throw error;
  }
  if (records.length > DELIVERY_LIMITS.csvLines) {
    return {
      problems: [
        {
          line: DELIVERY_LIMITS.csvLines + 1,
          message: `A file may hold at most ${DELIVERY_LIMITS.csvLines} lines`,
        },
      ],
    };
  }
  let column = 0;
  let rows = records;
  const header = records[0]?.record.findIndex(isHeader) ?? -1;
  if (header >= 0) {
    column = header;
    rows = records.slice(1);
  }
  const rules: PincodeRule[] = [];
  const problems: FileLineProblem[] = [];
  for (const { record, info } of rows) {
    const cell = record[column] ?? '';
    if (record.every((c) => c === '')) continue;
    const rule = parsePincodeRule(cell);
    if (rule) rules.push(rule);
    else problems.push({ line: info.lines, message: pincodeRuleProblem(cell) });
  }
  if (problems.length) return { problems };
  if (rules.length === 0) return { problems: [{ line: 1, message: 'The file lists no pincode' }] };
  return { rules };
}
