import { formatINR } from '@bazaar/shared/money';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ProductImage } from '@/components/ui/product-image';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts } from '../api/get-products';
import { Pager } from '../components/pager';
import { SearchBox } from '../components/search-box';
import { cellClass, Table } from '../components/table';
import { confirmAction } from '../lib/confirm';

const manageUrl = (id: string) => `/admin/products/manage/${id}`;

/** Products: newest first, searched across the spec's fields; a row opens the edit screen. */
export function ProductsPage() {
  useDocumentTitle('Products');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim(), 250);
  const products = useAdminProducts({ search: term || undefined, page });
  const remove = useDeleteProduct();
  const data = products.data;

  const onDelete = (id: string) => {
    if (!confirmAction('Are you sure you want to delete this product?')) return;
    remove.mutate(id, {
      onSuccess: () => notify.success('Product deleted successfully'),
      onError: (error) => notify.error(errorMessage(error, 'Error deleting product')),
    });
  };

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Products</h1>
        <div className="flex gap-2">
          <Link to="/admin/products/import" className={buttonClasses('outline', 'md')}>
            Import / Export
          </Link>
          <Link to="/admin/products/create" className={buttonClasses('primary', 'md')}>
            Add Product
          </Link>
        </div>
      </div>
      <div className="mt-6 mb-4 flex flex-wrap items-center justify-between gap-4">
        <SearchBox
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          placeholder="Search Product"
          label="Search products"
        />
        {data ? (
          <p className="text-sm text-gray-700" aria-live="polite">
            Showing {data.products.length} of {data.total} products
          </p>
        ) : null}
      </div>
      {products.isPending ? (
        <Spinner size={32} label="Loading products…" />
      ) : products.isError ? (
        <p role="alert" className="text-brand">
          {errorMessage(products.error, 'Failed to fetch products.')}
        </p>
      ) : data && data.products.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6">No products found.</p>
      ) : (
        <Table caption="Products" head={['Image', 'Name', 'Stock', 'Price', 'Rating', 'Discount', 'Actions']}>
          {data?.products.map((product) => (
            <tr
              key={product._id}
              onClick={(event) => {
                // The row opens the product, as the spec has it; its own links and buttons act for themselves.
                if (!(event.target as HTMLElement).closest('a, button')) navigate(manageUrl(product._id));
              }}
              className="cursor-pointer hover:bg-gray-50"
            >
              <td className={cellClass}>
                {product.productImage ? (
                  <ProductImage
                    src={product.productImage}
                    alt=""
                    width={48}
                    height={48}
                    sizes="48px"
                    className="size-12 rounded object-cover"
                  />
                ) : (
                  <span className="flex size-12 items-center justify-center rounded bg-gray-100 text-center text-[10px] text-gray-700">
                    No image
                  </span>
                )}
              </td>
              <td className={cellClass}>
                <Link
                  to={manageUrl(product._id)}
                  className="rounded-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {product.name}
                </Link>
              </td>
              <td className={cellClass}>{product.countInStock}</td>
              <td className={cellClass}>{formatINR(product.price)}</td>
              <td className={cellClass}>{product.rating.toFixed(1)}</td>
              <td className={cellClass}>{product.discount}%</td>
              <td className={cellClass}>
                <button
                  type="button"
                  onClick={() => onDelete(product._id)}
                  disabled={remove.isPending}
                  className="rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60"
                  aria-label={`Delete ${product.name}`}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {data ? <Pager page={page} pages={data.pages} onPage={setPage} /> : null}
    </section>
  );
}
