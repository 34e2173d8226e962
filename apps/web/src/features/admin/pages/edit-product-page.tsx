import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminProduct } from '../api/get-product';
import { useVariants } from '../api/get-variants';
import { useUpdateProduct } from '../api/save-product';
import { ProductForm } from '../components/product-form';
import { VariantMatrix } from '../components/variant-matrix';
import { formatDateTime } from '../lib/format';

export function EditProductPage() {
  const { productId = '' } = useParams();
  const product = useAdminProduct(productId);
  const update = useUpdateProduct(productId);
  // The matrix's list (one query): with several variants the form's stock figure is read-only.
  const variants = useVariants(productId);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useDocumentTitle(product.data ? `Edit ${product.data.name}` : 'Edit Product');
  return (
    <section className="max-w-4xl">
      <Link to="/admin/products" className="text-sm text-gray-700 underline-offset-4 hover:underline">
        ← Products
      </Link>
      <h1 className="mt-2 mb-6 text-2xl font-semibold">Edit Product</h1>
      {product.isPending ? (
        <Spinner size={32} label="Loading the product…" />
      ) : product.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(product.error, 'Failed to fetch product.')}
        </p>
      ) : (
        <ProductForm
          // A fresh form (and pictures) for each saved version of the product.
          key={product.data.updatedAt}
          mode="edit"
          product={product.data}
          submitting={update.isPending}
          serverErrors={serverErrors}
          variantCount={variants.data?.variants.length}
          onSubmit={(form) =>
            update.mutate(form, {
              onSuccess: () => {
                setServerErrors({});
                notify.success('Product updated successfully!');
              },
              onError: (error) => {
                setServerErrors(fieldErrors(error));
                notify.error(errorMessage(error, 'Failed to update product.'));
              },
            })
          }
        >
          <dl className="grid gap-2 text-sm text-gray-700 sm:grid-cols-2">
            <div>
              <dt className="inline font-medium">Created At: </dt>
              <dd className="inline">{formatDateTime(product.data.createdAt)}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Last Updated: </dt>
              <dd className="inline">{formatDateTime(product.data.updatedAt)}</dd>
            </div>
          </dl>
        </ProductForm>
      )}
      {product.data ? <VariantMatrix productId={productId} /> : null}
    </section>
  );
}
