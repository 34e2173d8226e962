import { Link } from 'react-router';
import { ChevronRightIcon } from '@/components/ui/icons';
import { ProductImage, ProductImagePreload, ProductImageWhere } from '@/components/ui/product-image';
import type { CardProduct } from '@/lib/card-product';
import { CarouselFrame } from './carousel-frame';

const HERO_MEDIA = '(min-width: 640px)';
const HERO_SIZES = '320px';

/** The hero carousel of featured products: title, description and Shop Now on a dark slide. */
export function FeaturedCarousel({
  products,
  loading,
}: {
  products: CardProduct[] | undefined;
  loading: boolean;
}) {
  if (loading || !products?.length) {
    return (
      <div className="flex h-[22rem] items-center justify-center bg-black text-gray-400 md:h-[21rem]">
        {loading ? 'Loading your awesome stuff...' : null}
      </div>
    );
  }
  const image = (product: CardProduct) => product.productImage ?? product.images[0];
  const first = image(products[0]!);
  const slides = products.slice(0, 5).map((product, i) => (
    <div
      key={product._id}
      className="grid h-full grid-cols-1 items-center gap-6 bg-black px-8 pb-12 pt-8 text-white sm:grid-cols-2 md:px-14"
    >
      <div className="min-w-0">
        <p className="text-sm text-gray-300">{product.brand}</p>
        <p className="mt-4 line-clamp-2 text-3xl font-semibold leading-tight break-words md:text-4xl 2xl:text-5xl">
          {product.title ?? product.name}
        </p>
        <p className="mt-4 line-clamp-2 text-sm text-gray-300">{product.description}</p>
        <Link
          to={`/product/${product._id}`}
          className="mt-6 inline-flex items-center gap-2 border-b border-white pb-1 font-medium hover:text-gray-300"
        >
          Shop Now <ChevronRightIcon size={18} />
        </Link>
      </div>
      {/* The picture shows from the small breakpoint up (phones see the text alone): its source applies
          there only, so phones fetch nothing, and the first one is preloaded for those screens. */}
      {i === 0 && first ? <ProductImagePreload src={first} sizes={HERO_SIZES} media={HERO_MEDIA} /> : null}
      {image(product) ? (
        <ProductImageWhere
          media={HERO_MEDIA}
          src={image(product)!}
          alt={product.name}
          width={480}
          height={480}
          sizes={HERO_SIZES}
          eager={i === 0}
          pictureClassName="hidden sm:block"
          className="mx-auto aspect-square w-64 max-w-full rounded-lg bg-white object-contain p-3"
        />
      ) : (
        <ProductImage
          src={null}
          alt={product.name}
          width={480}
          height={480}
          sizes={HERO_SIZES}
          className="mx-auto hidden aspect-square max-h-64 w-auto rounded-lg bg-white object-contain p-3 sm:block"
        />
      )}
    </div>
  ));
  return <CarouselFrame label="Featured products" slides={slides} className="h-[22rem] md:h-[21rem]" />;
}
