import type { AdminVariant, AdminVariantList } from '@bazaar/shared/schemas/variant-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useGenerateVariants } from '../api/generate-variants';
import { useVariants } from '../api/get-variants';
import { useSaveVariants } from '../api/save-variants';
import {
  changedRows,
  keepEdits,
  splitList,
  toRowValues,
  type VariantMatrixValues,
  type VariantRowValues,
  variantLabel,
  variantMatrixSchema,
} from '../lib/variant-rows';
import { cellClass, Table } from './table';

const inputClass = 'w-full rounded border border-gray-300 px-2 py-1 text-sm aria-invalid:border-red-700';

/**
 * The product form's variants: generate them from colours × sizes, then edit SKU, stock, own price,
 * on sale and low-stock threshold per row, or set many at once; Save sends the changed rows together.
 */
/** The matrix's rows as the admin left them and the server list they were edited from. */
type Draft = { base: AdminVariant[]; rows: VariantRowValues[] } | null;

export function VariantMatrix({ productId }: { productId: string }) {
  const variants = useVariants(productId);
  // Outlives each matrix form, so a Generate (a new list, a new form) keeps the edits not yet saved.
  const draft = useRef<Draft>(null);
  if (variants.isPending) return <Spinner size={24} label="Loading variants…" />;
  if (variants.isError)
    return (
      <p role="alert" className="text-brand-dark">
        {errorMessage(variants.error, 'Failed to fetch variants.')}
      </p>
    );
  return (
    <section
      aria-labelledby="variants-heading"
      className="mt-10 rounded-lg border border-gray-200 bg-white p-5"
    >
      <h2 id="variants-heading" className="text-lg font-semibold">
        Variants
      </h2>
      <GenerateForm productId={productId} list={variants.data} />
      {/* A fresh matrix for each version the server returns. */}
      <MatrixForm key={variants.dataUpdatedAt} productId={productId} list={variants.data} draft={draft} />
    </section>
  );
}

function GenerateForm({ productId, list }: { productId: string; list: AdminVariantList }) {
  const generate = useGenerateVariants(productId);
  const active = list.variants.filter((v) => v.active);
  const [colours, setColours] = useState(() => unique(active.map((v) => v.colour)).join(', '));
  const [sizes, setSizes] = useState(() => unique(active.map((v) => v.size)).join(', '));
  const id = useId();
  return (
    <form
      noValidate
      aria-label="Generate variants"
      className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        generate.mutate(
          { colours: splitList(colours), sizes: splitList(sizes) },
          {
            onSuccess: (reply) =>
              notify.success(`${reply.variants.filter((v) => v.active).length} variants on sale`),
            onError: (error) => notify.error(errorMessage(error, 'Failed to generate variants.')),
          },
        );
      }}
    >
      <div>
        <label htmlFor={`${id}-colours`} className="mb-1 block text-sm text-gray-700">
          Colours (comma separated)
        </label>
        <input
          id={`${id}-colours`}
          className={inputClass}
          value={colours}
          onChange={(e) => setColours(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-sizes`} className="mb-1 block text-sm text-gray-700">
          Sizes (comma separated)
        </label>
        <input
          id={`${id}-sizes`}
          className={inputClass}
          value={sizes}
          onChange={(e) => setSizes(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" loading={generate.isPending}>
        Generate variants
      </Button>
      <p className="text-xs text-gray-600 sm:col-span-3">
        Every colour × size becomes a variant; switch off those you do not sell. Variants of a colour or size
        you remove are switched off, keeping their stock and history.
      </p>
    </form>
  );
}

function MatrixForm({
  productId,
  list,
  draft,
}: {
  productId: string;
  list: AdminVariantList;
  draft: RefObject<Draft>;
}) {
  const save = useSaveVariants(productId);
  // The server's rows with the edits not yet saved kept on them; from here on, edits count from this list.
  const [rows] = useState(() => {
    const merged = draft.current
      ? keepEdits(draft.current.base, draft.current.rows, list.variants)
      : list.variants.map(toRowValues);
    draft.current = { base: list.variants, rows: merged };
    return merged;
  });
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = useForm<VariantMatrixValues>({
    resolver: zodResolver(variantMatrixSchema),
    defaultValues: { rows },
  });
  // Every edit is remembered against the list it was made on (see VariantMatrix).
  useEffect(() => {
    const base = list.variants;
    const subscription = watch((values) => {
      draft.current = { base, rows: (values.rows ?? []) as VariantRowValues[] };
    });
    return () => subscription.unsubscribe();
  }, [watch, list.variants, draft]);
  const { fields } = useFieldArray({ control, name: 'rows', keyName: 'key' });
  const [bulkStock, setBulkStock] = useState('');
  const [note, setNote] = useState('');
  const id = useId();

  const selected = () => getValues('rows').flatMap((r, i) => (r.selected ? [i] : []));
  const applyToSelected = (apply: (i: number) => void) => {
    const rows = selected();
    if (rows.length === 0) return notify.info('Select the variants to change first');
    rows.forEach(apply);
  };

  // mutateAsync: the saved list remounts this form (its key), and TanStack Query drops an unmounted
  // mutate()'s callbacks, so the toast would never show.
  const onSubmit = handleSubmit(async (values) => {
    const body = changedRows(list.variants, values.rows, note);
    if (!body) return notify.info('No variant changed');
    try {
      await save.mutateAsync(body);
      notify.success(`${body.variants.length} variants saved`);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save variants.'));
    }
  });

  return (
    <form noValidate aria-label="Variants" onSubmit={onSubmit} className="mt-6">
      <fieldset className="mb-4 flex flex-wrap items-end gap-3 rounded border border-gray-200 p-3">
        <legend className="px-1 text-sm font-medium">Bulk set the selected variants</legend>
        <div>
          <label htmlFor={`${id}-bulk-stock`} className="mb-1 block text-sm text-gray-700">
            Stock
          </label>
          <input
            id={`${id}-bulk-stock`}
            inputMode="numeric"
            className={`${inputClass} w-28`}
            value={bulkStock}
            onChange={(e) => setBulkStock(e.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            /^\d+$/.test(bulkStock.trim())
              ? applyToSelected((i) => setValue(`rows.${i}.stock`, bulkStock.trim(), { shouldDirty: true }))
              : notify.error('Enter whole units, 0 or more')
          }
        >
          Set stock
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => applyToSelected((i) => setValue(`rows.${i}.active`, true))}
        >
          Switch on
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => applyToSelected((i) => setValue(`rows.${i}.active`, false))}
        >
          Switch off
        </Button>
      </fieldset>
      <Table
        caption={`Variants of ${list.product.name}`}
        head={['Select', 'Variant', 'SKU', 'Stock', 'Own price (₹)', 'On sale', 'Low at', 'Ledger']}
      >
        {fields.map((field, i) => {
          const v = list.variants[i]!;
          const label = variantLabel(v);
          const rowErrors = errors.rows?.[i];
          return (
            <tr key={field.key} className={v.lowStock ? 'bg-amber-50' : undefined}>
              <td className={cellClass}>
                <input type="checkbox" aria-label={`Select ${label}`} {...register(`rows.${i}.selected`)} />
              </td>
              <th scope="row" className={`${cellClass} font-medium`}>
                {label}
                {v.lowStock ? <span className="ml-2 text-xs text-amber-800">Low</span> : null}
              </th>
              <td className={cellClass}>
                <input
                  aria-label={`SKU of ${label}`}
                  aria-invalid={rowErrors?.sku ? true : undefined}
                  className={inputClass}
                  {...register(`rows.${i}.sku`)}
                />
                {rowErrors?.sku ? (
                  <span className="text-xs text-red-700">{rowErrors.sku.message}</span>
                ) : null}
              </td>
              <td className={cellClass}>
                <input
                  aria-label={`Stock of ${label}`}
                  inputMode="numeric"
                  aria-invalid={rowErrors?.stock ? true : undefined}
                  className={`${inputClass} w-20`}
                  {...register(`rows.${i}.stock`)}
                />
                {rowErrors?.stock ? (
                  <span className="text-xs text-red-700">{rowErrors.stock.message}</span>
                ) : null}
              </td>
              <td className={cellClass}>
                <input
                  aria-label={`Own price of ${label}`}
                  inputMode="decimal"
                  placeholder={String(list.product.pricePaise / 100)}
                  aria-invalid={rowErrors?.price ? true : undefined}
                  className={`${inputClass} w-24`}
                  {...register(`rows.${i}.price`)}
                />
                {rowErrors?.price ? (
                  <span className="text-xs text-red-700">{rowErrors.price.message}</span>
                ) : null}
              </td>
              <td className={cellClass}>
                <input type="checkbox" aria-label={`${label} on sale`} {...register(`rows.${i}.active`)} />
              </td>
              <td className={cellClass}>
                <input
                  aria-label={`Low-stock threshold of ${label}`}
                  inputMode="numeric"
                  placeholder={String(list.shopLowStockThreshold)}
                  aria-invalid={rowErrors?.threshold ? true : undefined}
                  className={`${inputClass} w-16`}
                  {...register(`rows.${i}.threshold`)}
                />
              </td>
              <td className={cellClass}>
                <Link to={`/admin/stock?ledger=${v.id}`} className="underline underline-offset-4">
                  Ledger<span className="sr-only"> of {label}</span>
                </Link>
              </td>
            </tr>
          );
        })}
      </Table>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor={`${id}-note`} className="mb-1 block text-sm text-gray-700">
            Reason for stock changes (kept in the ledger)
          </label>
          <input
            id={`${id}-note`}
            maxLength={200}
            className={inputClass}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        <Button type="submit" loading={save.isPending}>
          Save variants
        </Button>
      </div>
    </form>
  );
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => !!v))];
}
