import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notFound, type PageLoader } from '@/lib/page-data';
import { absoluteUrl, PageMeta } from '@/lib/page-meta';
import { useSiteOrigin } from '@/lib/site';
import { productQueryOptions, useProduct } from '../api/get-product';
import { Breadcrumb } from '../components/breadcrumb';
import { ProductDetails } from '../components/product-details';
import { ProductGallery } from '../components/product-gallery';
import { ProductRow } from '../components/product-row';
import { categoryPath } from '../lib/category-path';
import { productJsonLd } from '../lib/product-json-ld';

/** The product and its related products; an id that names no product is a 404. */
export const loader: PageLoader = async ({ params, queryClient }) => {
  const detail = await queryClient
    .fetchQuery(productQueryOptions(params.productId ?? ''))
    .catch(() => undefined);
  return detail === null ? notFound() : undefined;
};

/** /product/:productId */
export function ProductPage() {
  const { productId = '' } = useParams();
  const query = useProduct(productId);
  const origin = useSiteOrigin();
  const product = query.data?.product;
  const missing = query.data === null;
  const [chosenImage, setChosenImage] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <div className="flex min-h-[70vh] justify-center py-32">
        <Spinner size={32} label="Loading product" />
      </div>
    );
  }
  if (missing || !product) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <PageMeta title={missing ? 'Product not found' : 'Product'} noindex />
        <h1 className="text-3xl font-semibold">
          {missing ? 'Product not found' : 'The product could not be loaded'}
        </h1>
        <p className="mt-4 text-gray-600">
          {missing
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
  const own = product.images.length > 0 ? product.images : product.productImage ? [product.productImage] : [];
  // The chosen variant's picture first, when it has one of its own.
  const images = chosenImage ? [chosenImage, ...own.filter((i) => i !== chosenImage)] : own;

  const here = `/product/${product._id}`;
  const description =
    product.description.length > 155 ? `${product.description.slice(0, 154)}…` : product.description;
  return (
    <>
      <PageMeta
        title={product.name}
        description={description}
        canonicalPath={here}
        image={images[0]}
        type="product"
        jsonLd={productJsonLd(product, absoluteUrl(origin, here), (path) => absoluteUrl(origin, path))}
      />
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
        <Breadcrumb crumbs={crumbs} />
        <div className="mt-8 grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:gap-16">
          <ProductGallery key={`${product._id}:${chosenImage ?? ''}`} name={product.name} images={images} />
          <ProductDetails
            key={product._id}
            product={product}
            variants={query.data?.variants}
            onImage={setChosenImage}
          />
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
