import { Price } from '@/components/ui/price';
import { ProductImage } from '@/components/ui/product-image';
import { Stars } from '@/components/ui/stars';
import type { CardProduct } from '@/lib/card-product';

export type PreviewAnchor = Pick<DOMRect, 'top' | 'left' | 'right' | 'bottom'>;

const WIDTH = 288;
const GAP = 12;

/**
 * The hover preview panel: fixed to the viewport beside the card, so rows that
 * clip their overflow do not cut it off. It repeats what the card says, so
 * assistive technology skips it.
 */
export function ProductPreview({ product, anchor }: { product: CardProduct; anchor: PreviewAnchor }) {
  const fitsRight = anchor.right + GAP + WIDTH < window.innerWidth;
  const left = fitsRight ? anchor.right + GAP : Math.max(GAP, anchor.left - GAP - WIDTH);
  const top = Math.min(Math.max(GAP, anchor.top), Math.max(GAP, window.innerHeight - 420));
  return (
    <div
      aria-hidden="true"
      style={{ top, left, width: WIDTH }}
      className="pointer-events-none fixed z-40 rounded-lg border border-gray-200 bg-white p-4 shadow-xl"
    >
      <p className="font-semibold">{product.name}</p>
      <ProductImage
        src={product.productImage ?? product.images[0]}
        alt=""
        width={320}
        height={320}
        sizes="256px"
        eager
        className="my-3 aspect-square w-full rounded bg-gray-50 object-contain"
      />
      <p className="line-clamp-4 text-sm text-gray-600">{product.description}</p>
      <div className="mt-3 flex items-center justify-between">
        <Price price={product.price} salePrice={product.salePrice} discount={product.discount} size="sm" />
        <Stars rating={product.rating} size={14} />
      </div>
    </div>
  );
}
