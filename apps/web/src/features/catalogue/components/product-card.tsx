import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HeartIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { ProductImage } from '@/components/ui/product-image';
import { Stars } from '@/components/ui/stars';
import type { CardProduct } from '@/lib/card-product';
import { useProductToggles } from '../hooks/use-product-toggles';
import { ProductBadge } from './product-badge';
import type { PreviewAnchor } from './product-preview';

const PREVIEW_DELAY_MS = 600;

// Only a mouse resting on a card opens the preview, never the first paint or a touch screen: its code
// loads as the mouse arrives, during the wait before it opens (issue 27: the home route's JavaScript).
const loadPreview = () => import('./product-preview');
const ProductPreview = lazy(() => loadPreview().then((m) => ({ default: m.ProductPreview })));

/** The spec's product card: image, heart, badge, hover cart button and preview, name, description, price, stars. */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  const { inCart, liked, toggleCart, toggleLike } = useProductToggles(product);
  const [preview, setPreview] = useState<PreviewAnchor | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const href = `/product/${product._id}`;
  const image = product.productImage ?? product.images[0] ?? null;

  const startPreview = (event: React.MouseEvent<HTMLElement>) => {
    // Only a real mouse hovers; touch screens would open it on every tap.
    if (!window.matchMedia('(hover: hover)').matches) return;
    const target = event.currentTarget;
    void loadPreview();
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setPreview(target.getBoundingClientRect()), PREVIEW_DELAY_MS);
  };
  const stopPreview = () => {
    window.clearTimeout(timer.current);
    setPreview(null);
  };

  return (
    <article className="group relative flex min-w-0 flex-col" aria-label={product.name}>
      {/* `z-10` makes the box a stacking context: the image's multiply blend mixes with its grey only, as
          it looks, not with the whole page, so a change in one card does not re-layer and repaint the
          listing (issue 27). Not `isolate`: a utility of its own, where the home route has no byte to spare. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the preview is a mouse-only extra; everything in it is on the card */}
      <div
        className="relative z-10 overflow-hidden rounded bg-gray-100"
        onMouseEnter={startPreview}
        onMouseLeave={stopPreview}
      >
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
          <ProductImage
            src={image}
            alt=""
            width={480}
            height={480}
            eager={eager}
            sizes="(min-width: 1024px) 270px, (min-width: 640px) 33vw, 50vw"
            className="aspect-square w-full object-contain p-6 mix-blend-multiply transition-transform duration-300 group-hover:scale-105"
          />
        </Link>
        <div className="absolute left-3 top-3">
          <ProductBadge product={product} />
        </div>
        <button
          type="button"
          onClick={toggleLike}
          aria-pressed={liked}
          aria-label={liked ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
          className="absolute right-3 top-3 flex size-9 items-center justify-center rounded-full bg-white shadow-sm hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
        >
          <HeartIcon size={20} className={liked ? 'fill-brand text-brand' : ''} />
        </button>
        <button
          type="button"
          onClick={toggleCart}
          className="h-10 w-full bg-black text-sm font-medium text-white transition-opacity hover:bg-gray-800 focus-visible:opacity-100 [@media(hover:hover)]:absolute [@media(hover:hover)]:inset-x-0 [@media(hover:hover)]:bottom-0 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100"
        >
          {inCart ? 'Remove from cart' : 'Add To cart'}
        </button>
      </div>
      <div className="mt-3 flex flex-col gap-1.5">
        <h3 className="line-clamp-2 font-medium [@media(hover:hover)]:line-clamp-1">
          <Link to={href} className="hover:text-brand hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-gray-500">{product.description}</p>
        <Price price={product.price} salePrice={product.salePrice} discount={product.discount} />
        <div className="flex items-center gap-2 text-sm text-gray-500">
          <Stars rating={product.rating} />
          <span aria-hidden="true">({product.numReviews})</span>
          <span className="sr-only">{product.numReviews} reviews</span>
        </div>
      </div>
      {preview ? (
        <Suspense fallback={null}>
          <ProductPreview product={product} anchor={preview} />
        </Suspense>
      ) : null}
    </article>
  );
}
