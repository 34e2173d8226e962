import type { Product } from '@bazaar/shared/schemas/catalogue';

/** schema.org `Product` for search engines: name, images, brand, SKU, rating, and the offer in INR. */
export function productJsonLd(product: Product, url: string, absolute: (path: string) => string) {
  const images = (product.images.length > 0 ? product.images : [product.productImage]).filter(
    (src): src is string => Boolean(src),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    ...(images.length > 0 ? { image: images.map(absolute) } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    brand: { '@type': 'Brand', name: product.brand },
    category: [product.category, product.subCategory, product.option, product.subOption]
      .filter(Boolean)
      .join(' > '),
    ...(product.numReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.numReviews,
            bestRating: 5,
          },
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: product.salePrice.toFixed(2),
      availability:
        product.inStock && product.countInStock > 0
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(product.seller ? { seller: { '@type': 'Organization', name: product.seller } } : {}),
    },
  };
}
