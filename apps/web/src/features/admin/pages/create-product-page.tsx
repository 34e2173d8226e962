import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateProduct } from '../api/save-product';
import { ProductForm } from '../components/product-form';

export function CreateProductPage() {
  useDocumentTitle('Create Product');
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  return (
    <section className="max-w-4xl">
      <Link to="/admin/products" className="text-sm text-gray-700 underline-offset-4 hover:underline">
        ← Products
      </Link>
      <h1 className="mt-2 mb-6 text-2xl font-semibold">Create Product</h1>
      <ProductForm
        mode="create"
        submitting={create.isPending}
        serverErrors={serverErrors}
        onSubmit={(form) =>
          create.mutate(form, {
            onSuccess: () => {
              notify.success('Product created successfully!');
              navigate('/admin/products');
            },
            onError: (error) => {
              setServerErrors(fieldErrors(error));
              notify.error(errorMessage(error, 'Failed to create product.'));
            },
          })
        }
      />
    </section>
  );
}
