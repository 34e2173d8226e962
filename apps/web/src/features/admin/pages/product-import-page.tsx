import type { ImportEvent, ImportSummary } from '@bazaar/shared/schemas/product-import';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useExportProducts } from '../api/export-products';
import { ImportRefused, useImportProducts } from '../api/import-products';

type Problem = { line: number; message: string };
type Progress = Extract<ImportEvent, { type: 'progress' }>;

/** A refusal's "line 7" fields, in line order. */
const linesOf = (fields: Record<string, string>): Problem[] =>
  Object.entries(fields)
    .map(([key, message]) => ({ line: Number(/^line (\d+)$/.exec(key)?.[1]), message }))
    .filter((p) => Number.isFinite(p.line))
    .sort((a, b) => a.line - b.line);

const PHASES: Record<Progress['phase'], string> = { images: 'Fetching images', writing: 'Saving products' };

/** /admin/products/import: the products CSV out (one row a variant) and back in, checked whole first. */
export function ProductImportPage() {
  const id = useId();
  const exporter = useExportProducts();
  const importer = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  const [noFile, setNoFile] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setNoFile(true);
    setNoFile(false);
    setProblems([]);
    setSummary(null);
    setProgress(null);
    importer.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (done) => {
          setSummary(done);
          notify.success(`Imported ${done.rows} rows from ${file.name}`);
        },
        onError: (error) => {
          setProblems(error instanceof ImportRefused ? error.problems : linesOf(fieldErrors(error)));
          notify.error(errorMessage(error, 'The file was not imported'));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <section className="max-w-3xl">
      <Link to="/admin/products" className="text-sm text-gray-600 underline">
        Back to products
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">Import and export products</h1>

      <h2 className="mt-6 text-lg font-semibold">Export</h2>
      <p className="mt-1 text-sm text-gray-700">
        Every product as CSV, one row a variant (its SKU, colour, size, stock, price and image), the product’s
        columns repeated on each of its rows. Edit it and import it back.
      </p>
      <Button
        className="mt-3"
        variant="outline"
        size="sm"
        loading={exporter.isPending}
        onClick={() => exporter.mutate()}
      >
        Download CSV
      </Button>

      <h2 className="mt-8 text-lg font-semibold">Import</h2>
      <p className="mt-1 text-sm text-gray-700">
        Rows whose SKU the shop knows update that variant; a new SKU joins the product its{' '}
        <code>product_sku</code> names, or makes a new product. Prices are in rupees (1299.50); stock is set
        to the file’s figure. The whole file is checked first: if any line is wrong, nothing is saved.
      </p>
      <form noValidate onSubmit={submit} aria-label="Import products" className="mt-3 flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-file`} className="mb-1 block text-sm text-gray-700">
              Products CSV file
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={noFile ? true : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="text-sm"
            />
          </div>
          <Button type="submit" variant="dark" size="sm" loading={importer.isPending}>
            Import
          </Button>
        </div>
        {noFile ? (
          <p role="alert" className="text-sm text-brand">
            Choose a CSV file first
          </p>
        ) : null}
      </form>

      {importer.isPending ? (
        <div className="mt-4" aria-live="polite">
          <p className="text-sm">
            {progress
              ? `${PHASES[progress.phase]}: ${progress.done} of ${progress.total}`
              : 'Checking the file…'}
          </p>
          <progress
            aria-label="Import progress"
            className="mt-1 w-full"
            max={progress?.total ?? 1}
            value={progress?.done ?? undefined}
          />
        </div>
      ) : null}

      {problems.length > 0 ? (
        <div role="alert" className="mt-4 rounded border border-brand/40 bg-red-50 p-3 text-sm">
          <p className="font-medium">Nothing was imported. Correct these lines and import the file again:</p>
          <ul
            aria-label="Lines of the file that are not valid"
            className="mt-2 max-h-96 list-none overflow-auto"
          >
            {problems.map((p) => (
              <li key={`${p.line}-${p.message}`}>
                Line {p.line}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {summary ? (
        <div role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3 text-sm">
          <p className="font-medium">Imported {summary.rows} rows.</p>
          <p>
            Products: {summary.productsCreated} created, {summary.productsUpdated} updated. Variants:{' '}
            {summary.variantsCreated} created, {summary.variantsUpdated} updated, {summary.unchanged}{' '}
            unchanged.
          </p>
        </div>
      ) : null}
    </section>
  );
}
