import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useProduct } from '../api/get-product';
import { Breadcrumb } from '../components/breadcrumb';
import { ProductDetails } from '../components/product-details';
import { ProductGallery } from '../components/product-gallery';
import { ProductRow } from '../components/product-row';
import { categoryPath } from '../lib/category-path';

/** /product/:productId */
export function ProductPage() {
  const { productId = '' } = useParams();
  const query = useProduct(productId);
  const product = query.data?.product;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(product?.name ?? (notFound ? 'Product not found' : query.isError ? 'Product' : undefined));

  if (query.isPending) {
    return (
      <div className="flex justify-center py-32">
        <Spinner size={32} label="Loading product" />
      </div>
    );
  }
  if (notFound || !product) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">
          {notFound ? 'Product not found' : 'The product could not be loaded'}
        </h1>
        <p className="mt-4 text-gray-600">
          {notFound
            ? 'We could not find this product. It may have been removed, or the link may be wrong.'
            : 'Something went wrong while loading this product. Please try again.'}
        </p>
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
          Back to home page
        </Link>
      </section>
    );
  }

  const path = [product.category, product.subCategory, product.option, product.subOption].filter(
    (s): s is string => Boolean(s),
  );
  const crumbs = [
    ...path.map((label, i) => ({ label, to: categoryPath(...path.slice(0, i + 1)) })),
    { label: product.name, to: `/product/${product._id}` },
  ];
  const images =
    product.images.length > 0 ? product.images : product.productImage ? [product.productImage] : [];

  return (
    <>
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
        <Breadcrumb crumbs={crumbs} />
        <div className="mt-8 grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:gap-16">
          <ProductGallery key={product._id} name={product.name} images={images} />
          <ProductDetails key={product._id} product={product} />
        </div>
      </div>
      <ProductRow
        tag="Related Products"
        title="You may also like"
        products={query.data?.related}
        loading={false}
      />
    </>
  );
}
