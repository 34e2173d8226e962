/**
 * HSN (goods) and SAC (services) codes as invoices and GSTR-1's HSN summary print them: 4, 6 or 8
 * digits (chapter + heading, subheading, tariff item). The database's CHECK is looser (4–8 digits).
 */
export function isHsnCode(code: string): boolean {
  return /^(?:\d{4}|\d{6}|\d{8})$/.test(code);
}

/**
 * The rates the GST Council uses today, in basis points, offered as suggestions in the product form;
 * any other whole basis point from 0 to 100% is accepted too (rates are data, `rates.ts`).
 */
export const GST_RATE_SUGGESTIONS_BP: readonly number[] = [0, 25, 300, 500, 1200, 1800, 2800, 4000];
