/** Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a leading formula character is defused with an apostrophe
 * (spreadsheets then show the text as it is), and every cell is quoted, with
 * quotes doubled, as RFC 4180 says.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * A CSV file: CRLF line ends (RFC 4180) and a byte order mark, so spreadsheet
 * programs read the text as UTF-8.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
