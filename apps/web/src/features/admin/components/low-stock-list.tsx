import type { StockRow } from '@bazaar/shared/schemas/variant-admin';
import { Link } from 'react-router';
import { variantLabel } from '../lib/variant-rows';
import { cellClass, Table } from './table';

/** The dashboard's low-stock list: variants on sale at or below their threshold, the lowest first. */
export function LowStockList({ rows }: { rows: readonly StockRow[] }) {
  return (
    <section aria-labelledby="low-stock-heading" className="mt-8">
      <h2 id="low-stock-heading" className="mb-3 text-lg font-semibold">
        Low stock
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6">No variant is low on stock.</p>
      ) : (
        <>
          <Table
            caption="Variants low on stock, the lowest first"
            head={['Product', 'Variant', 'SKU', 'In stock']}
          >
            {rows.map((v) => (
              <tr key={v.id}>
                <td className={cellClass}>
                  <Link
                    to={`/admin/products/manage/${v.productId}`}
                    className="underline-offset-4 hover:underline"
                  >
                    {v.productName}
                  </Link>
                </td>
                <td className={cellClass}>{variantLabel(v)}</td>
                <td className={cellClass}>{v.sku}</td>
                <td className={cellClass}>{v.stock}</td>
              </tr>
            ))}
          </Table>
          <Link to="/admin/stock?low=1" className="mt-2 inline-block text-sm underline underline-offset-4">
            All low stock
          </Link>
        </>
      )}
    </section>
  );
}
