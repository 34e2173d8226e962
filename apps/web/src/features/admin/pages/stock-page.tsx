import type { StockRow } from '@bazaar/shared/schemas/variant-admin';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChangeVariant } from '../api/adjust-variant';
import { useStock } from '../api/get-stock';
import { useSaveStockSettings, useStockSettings } from '../api/stock-settings';
import { LedgerPanel } from '../components/ledger-panel';
import { Pager } from '../components/pager';
import { SearchBox } from '../components/search-box';
import { cellClass, Table } from '../components/table';
import { variantLabel } from '../lib/variant-rows';

/**
 * Stock: every variant in the shop, searched by product name or SKU, the low ones on their own, an
 * adjustment in place (with its reason, kept in the ledger) and each variant's ledger.
 */
export function StockPage() {
  useDocumentTitle('Stock');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [lowStock, setLowStock] = useState(params.get('low') === '1');
  const [page, setPage] = useState(1);
  const stock = useStock({ search, lowStock, page });
  const ledgerId = params.get('ledger');
  const showLedger = (id: string | null) =>
    setParams((p) => {
      if (id) p.set('ledger', id);
      else p.delete('ledger');
      return p;
    });

  return (
    <section className="max-w-6xl">
      <h1 className="text-2xl font-semibold">Stock</h1>
      <ThresholdForm />
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          placeholder="Product name or SKU"
          label="Search stock by product name or SKU"
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={lowStock}
            onChange={(e) => {
              setLowStock(e.target.checked);
              setPage(1);
            }}
          />
          Low stock only
        </label>
      </div>
      <div className="mt-4">
        {stock.isPending ? (
          <Spinner size={32} label="Loading stock…" />
        ) : stock.isError ? (
          <p role="alert" className="text-brand-dark">
            {errorMessage(stock.error, 'Failed to fetch stock.')}
          </p>
        ) : stock.data.variants.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white p-6">No variant matches.</p>
        ) : (
          <>
            <Table
              caption="Variants and their stock"
              head={['Product', 'Variant', 'SKU', 'Stock', 'Adjust', 'Ledger']}
            >
              {stock.data.variants.map((v) => (
                <StockLine key={v.id} v={v} onLedger={() => showLedger(v.id)} />
              ))}
            </Table>
            <Pager page={stock.data.page} pages={stock.data.pages} onPage={setPage} />
          </>
        )}
      </div>
      {ledgerId ? <LedgerPanel key={ledgerId} variantId={ledgerId} onClose={() => showLedger(null)} /> : null}
    </section>
  );
}

function StockLine({ v, onLedger }: { v: StockRow; onLedger(): void }) {
  const change = useChangeVariant();
  const [units, setUnits] = useState('');
  const [reason, setReason] = useState('');
  const id = useId();
  const label = `${v.productName} ${variantLabel(v)}`;
  const onAdjust = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(units);
    if (!/^-?\d+$/.test(units.trim()) || n === 0)
      return notify.error('Enter the units to add (or, with a minus, take away)');
    if (!reason.trim()) return notify.error('Give a reason for the adjustment');
    change.mutate(
      { id: v.id, adjust: n, note: reason.trim() },
      {
        onSuccess: (after) => {
          notify.success(`${v.sku}: ${after.stock} in stock`);
          setUnits('');
          setReason('');
        },
        onError: (error) => notify.error(errorMessage(error, 'Failed to adjust the stock.')),
      },
    );
  };
  return (
    <tr className={v.lowStock ? 'bg-amber-50' : undefined}>
      <td className={cellClass}>
        <Link to={`/admin/products/manage/${v.productId}`} className="underline-offset-4 hover:underline">
          {v.productName}
        </Link>
      </td>
      <td className={cellClass}>
        {variantLabel(v)}
        {v.active ? null : <span className="ml-2 text-xs text-gray-600">(off sale)</span>}
      </td>
      <td className={cellClass}>{v.sku}</td>
      <td className={cellClass}>
        {v.stock}
        {v.lowStock ? <span className="ml-2 text-xs font-medium text-amber-800">Low</span> : null}
      </td>
      <td className={cellClass}>
        <form noValidate onSubmit={onAdjust} aria-label={`Adjust stock of ${label}`} className="flex gap-2">
          <label htmlFor={`${id}-units`} className="sr-only">
            Units to add or take away for {label}
          </label>
          <input
            id={`${id}-units`}
            inputMode="numeric"
            placeholder="+/-"
            value={units}
            onChange={(e) => setUnits(e.target.value)}
            className="w-16 rounded border border-gray-300 px-2 py-1"
          />
          <label htmlFor={`${id}-reason`} className="sr-only">
            Reason for {label}
          </label>
          <input
            id={`${id}-reason`}
            placeholder="Reason"
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="w-36 rounded border border-gray-300 px-2 py-1"
          />
          <Button type="submit" size="sm" variant="outline" loading={change.isPending}>
            Adjust
          </Button>
        </form>
      </td>
      <td className={cellClass}>
        <Button size="sm" variant="outline" onClick={onLedger}>
          Ledger<span className="sr-only"> of {label}</span>
        </Button>
      </td>
    </tr>
  );
}

/** The shop's low-stock threshold (a variant may set its own in the product's matrix). */
function ThresholdForm() {
  const settings = useStockSettings();
  const save = useSaveStockSettings();
  const [value, setValue] = useState<string | null>(null);
  const id = useId();
  const shown = value ?? (settings.data ? String(settings.data.lowStockThreshold) : '');
  return (
    <form
      noValidate
      aria-label="Low-stock threshold"
      className="mt-4 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!/^\d+$/.test(shown.trim())) return notify.error('Enter a whole number, 0 or more');
        save.mutate(
          { lowStockThreshold: Number(shown) },
          {
            onSuccess: () => {
              setValue(null);
              notify.success('Low-stock threshold saved');
            },
            onError: (error) => notify.error(errorMessage(error, 'Failed to save the threshold.')),
          },
        );
      }}
    >
      <div>
        <label htmlFor={id} className="mb-1 block text-sm text-gray-700">
          Low stock at or below (units)
        </label>
        <input
          id={id}
          inputMode="numeric"
          value={shown}
          onChange={(e) => setValue(e.target.value)}
          className="w-24 rounded border border-gray-300 px-2 py-1"
        />
      </div>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
        Save threshold
      </Button>
    </form>
  );
}
