import { WISHLIST_MESSAGES } from '@bazaar/shared/constants';
import { discountedPrice } from '@bazaar/shared/money';
import type { Product } from '@bazaar/shared/schemas/catalogue';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { ProductImage } from '@/components/ui/product-image';
import type { WishlistEntry } from '../hooks/use-wishlist-entries';
import { useWishlistRemover } from '../hooks/use-wishlist-remover';
import { useWishlistCart } from '../lib/wishlist-cart';

/** Add to Cart moves the product: into the cart, then out of the wishlist. */
function MoveToCart({ product, onMoved }: { product: Product; onMoved: () => Promise<unknown> }) {
  const cart = useWishlistCart(product);
  const [busy, setBusy] = useState(false);
  const inStock = product.inStock && product.countInStock > 0;
  const move = async () => {
    if (!inStock) {
      window.alert(WISHLIST_MESSAGES.outOfStock);
      return;
    }
    setBusy(true);
    try {
      if (await cart.add()) await onMoved();
    } finally {
      setBusy(false);
    }
  };
  // aria-disabled rather than disabled: it looks and reads as unavailable, and a click still says why.
  return (
    <Button
      size="sm"
      onClick={move}
      aria-disabled={!inStock || undefined}
      loading={busy}
      className={`w-full ${inStock ? '' : 'cursor-not-allowed opacity-60'}`}
    >
      Add to Cart
    </Button>
  );
}

/** One wishlist card: picture, name, description, price, stock, Add to Cart, View Details and remove. */
export function WishlistCard({ entry }: { entry: WishlistEntry }) {
  const remover = useWishlistRemover();
  const { product, snapshot } = entry;
  const name = product?.name ?? snapshot?.name ?? 'Product';
  const image = product ? (product.productImage ?? product.images[0] ?? null) : (snapshot?.image ?? null);
  const price = product?.price ?? snapshot?.price ?? 0;
  const discount = product?.discount ?? snapshot?.discount ?? 0;
  const salePrice = product?.salePrice ?? discountedPrice(price, discount);
  const known = product !== null;
  const inStock = known && product.inStock && product.countInStock > 0;

  return (
    <article className="relative flex flex-col rounded border border-gray-200 p-4" aria-label={name}>
      <button
        type="button"
        onClick={() => void remover.remove(entry.productId)}
        disabled={remover.pending}
        aria-label={`Remove ${name} from wishlist`}
        className="absolute top-3 right-3 z-10 flex size-9 items-center justify-center rounded-full bg-white shadow-sm hover:text-brand disabled:opacity-50"
      >
        <CloseIcon size={18} />
      </button>
      <Link
        to={`/product/${entry.productId}`}
        tabIndex={-1}
        aria-hidden="true"
        className="block rounded bg-gray-100"
      >
        <ProductImage
          src={image}
          alt=""
          width={320}
          height={320}
          sizes="(min-width: 1024px) 270px, (min-width: 640px) 45vw, 90vw"
          className="aspect-square w-full object-contain p-6 mix-blend-multiply"
        />
      </Link>
      <div className="mt-4 flex flex-1 flex-col gap-2">
        <h2 className="line-clamp-1 font-medium">{name}</h2>
        {product?.description ? (
          <p className="line-clamp-2 text-sm text-gray-500">{product.description}</p>
        ) : null}
        <Price price={price} salePrice={salePrice} discount={discount} />
        <p className={`text-sm font-medium ${inStock ? 'text-emerald-700' : 'text-brand'}`}>
          {entry.gone ? 'No longer available' : !known ? '\u00a0' : inStock ? 'In Stock' : 'Out of Stock'}
        </p>
        <div className="mt-auto flex flex-col gap-2 pt-2">
          {product ? (
            <MoveToCart product={product} onMoved={() => remover.remove(entry.productId, { quiet: true })} />
          ) : (
            <Button size="sm" disabled className="w-full">
              Add to Cart
            </Button>
          )}
          <Link to={`/product/${entry.productId}`} className={buttonClasses('outline', 'sm', 'w-full')}>
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}
