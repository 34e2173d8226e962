import { formatINR } from '@bazaar/shared/money';

/**
 * GST mode's rows under a total: "incl. GST ₹…" and, once the delivery state is known, its split
 * (CGST and SGST, or IGST). The tax is inside the prices, so these rows add nothing to the total.
 */
export function TaxLines({ lines }: { lines: readonly { label: string; amount: number }[] }) {
  if (lines.length === 0) return null;
  const [included, ...split] = lines;
  return (
    <div className="py-2 text-xs text-gray-600" data-testid="tax-lines">
      <p>
        {included!.label} {formatINR(included!.amount)}
      </p>
      {split.length > 0 ? (
        <p>{split.map((row) => `${row.label} ${formatINR(row.amount)}`).join(' · ')}</p>
      ) : null}
    </div>
  );
}
