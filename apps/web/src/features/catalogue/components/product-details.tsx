import { PRODUCT_STOCK_CAP_DEFAULT } from '@bazaar/shared/constants';
import { formatINR, paiseToRupees, rupeesToPaise } from '@bazaar/shared/money';
import { DEFAULT_PRICING } from '@bazaar/shared/pricing';
import type { Product, ProductVariant } from '@bazaar/shared/schemas/catalogue';
import { use, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CartIcon, HeartIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { Stars } from '@/components/ui/stars';
import { notify } from '@/lib/notify';
import { useShopSettings } from '@/lib/shop-settings';
import { useProductToggles } from '../hooks/use-product-toggles';
import { ProductDeliveryContext } from '../lib/product-delivery';
import { chosenVariant, soldOutColours, soldOutSizes, variantImage } from '../lib/variant-picker';
import { ColourSwatches, SizeChips } from './colour-swatches';
import { NotifyMe } from './notify-me';
import { ReturnWindowNote } from './return-window-note';

const CHOOSE_VARIANT = 'Please select both color and size before adding to cart.';

/**
 * The right-hand column of the product page: facts, choices and the cart and wishlist actions. With
 * the product's variants, a sold-out size is struck through, and the chosen variant's price, stock
 * and picture (through `onImage`) are shown; the stepper runs to its stock.
 */
export function ProductDetails({
  product,
  variants = [],
  onImage,
}: {
  product: Product;
  variants?: readonly ProductVariant[];
  onImage?: (image: string | null) => void;
}) {
  const settings = useShopSettings();
  // The default delivery zone's threshold (null: delivery is never free there).
  const freeFrom = settings
    ? settings.freeShippingThreshold
    : paiseToRupees(DEFAULT_PRICING.freeShippingThresholdPaise!);
  const Delivery = use(ProductDeliveryContext);
  const { inCart, liked, addToCart, removeFromCart, toggleLike } = useProductToggles(product);
  const [colour, setColour] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const [qty, setQty] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const options = { colours: product.colours.length > 0, sizes: product.sizes.length > 0 };
  const known = variants.length > 0;
  const variant = known ? chosenVariant(variants, { colour, size }, options) : null;
  const stock = variant ? variant.countInStock : product.countInStock;
  const available = product.inStock && stock > 0;
  const cap = stock > 0 ? stock : PRODUCT_STOCK_CAP_DEFAULT;
  const shownPrice = variant ?? product;
  const outSizes = known ? soldOutSizes(variants, product.sizes, colour) : undefined;
  const outColours = known ? soldOutColours(variants, product.colours, size) : undefined;
  const image = known ? variantImage(variants, { colour, size }) : null;
  useEffect(() => {
    onImage?.(image);
  }, [image, onImage]);
  // A quantity chosen for a fuller variant comes down to what this one has.
  useEffect(() => {
    if (stock > 0 && qty > stock) setQty(stock);
  }, [stock, qty]);

  const buy = () => {
    if ((product.colours.length > 0 && !colour) || (product.sizes.length > 0 && !size)) {
      setProblem(CHOOSE_VARIANT);
      notify.error(CHOOSE_VARIANT);
      return;
    }
    setProblem(null);
    addToCart({ qty, colour: colour ?? undefined, size: size ?? undefined });
  };

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-semibold md:text-3xl">{product.name}</h1>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Stars rating={product.rating} />
        <span className="text-gray-500">({product.numReviews} Reviews)</span>
        <span aria-hidden="true" className="text-gray-300">
          |
        </span>
        {available ? (
          <span className="text-emerald-700">In Stock ({stock})</span>
        ) : (
          <span className="text-brand">Out of Stock</span>
        )}
      </div>
      <div className="flex items-center gap-3">
        <Price
          price={shownPrice.price}
          salePrice={shownPrice.salePrice}
          discount={product.discount}
          size="lg"
        />
        {product.discount > 0 ? (
          <span className="rounded bg-brand px-2 py-0.5 text-sm font-medium text-white">
            -{product.discount}%
          </span>
        ) : null}
      </div>
      <p className="border-b border-gray-300 pb-6 text-sm leading-relaxed text-gray-700">
        {product.description}
      </p>

      {product.colours.length > 0 ? (
        <ColourSwatches
          colours={product.colours}
          value={colour}
          soldOut={outColours}
          onChange={(c) => {
            setColour(c);
            // A size sold out in the new colour is no longer a choice.
            if (size && known && soldOutSizes(variants, product.sizes, c).has(size)) setSize(null);
            setProblem(null);
          }}
        />
      ) : null}
      {product.sizes.length > 0 ? (
        <SizeChips
          sizes={product.sizes}
          value={size}
          soldOut={outSizes}
          onChange={(s) => {
            setSize(s);
            setProblem(null);
          }}
        />
      ) : null}
      {known ? <NotifyMe variants={variants} colour={colour} size={size} /> : null}

      <div className="flex flex-wrap items-center gap-4">
        <QuantityStepper value={qty} max={cap} onChange={setQty} disabled={!available || inCart} />
        {inCart ? (
          <Button variant="dark" size="md" onClick={removeFromCart} className="min-w-40">
            Remove From Cart
          </Button>
        ) : (
          <Button size="md" onClick={buy} disabled={!available} className="min-w-40">
            Buy Now
          </Button>
        )}
        <button
          type="button"
          onClick={toggleLike}
          aria-pressed={liked}
          aria-label={liked ? 'Remove from wishlist' : 'Add to wishlist'}
          className="flex size-11 items-center justify-center rounded border border-gray-400 hover:border-brand hover:text-brand"
        >
          <HeartIcon size={22} className={liked ? 'fill-brand text-brand' : ''} />
        </button>
        <button
          type="button"
          onClick={inCart ? removeFromCart : buy}
          disabled={!available && !inCart}
          aria-pressed={inCart}
          aria-label={inCart ? 'Remove from cart' : 'Add to cart'}
          className="flex size-11 items-center justify-center rounded border border-gray-400 hover:border-brand hover:text-brand disabled:opacity-40"
        >
          <CartIcon size={22} className={inCart ? 'text-brand' : ''} />
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-brand">
          {problem}
        </p>
      ) : null}

      {Delivery ? <Delivery amountPaise={rupeesToPaise(shownPrice.salePrice) * qty} /> : null}

      <Specifications product={product} />

      <ul className="mt-2 divide-y divide-gray-400 rounded border border-gray-400">
        <li className="flex items-center gap-4 p-4">
          <Note path="M3 6h11v9H3zM14 9h4l3 3v3h-7M7 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM17 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" />
          <div>
            <p className="font-medium">{freeFrom === null ? 'Delivered to your door' : 'Free Delivery'}</p>
            <p className="text-xs text-gray-600">
              {freeFrom === null
                ? 'Check delivery above for the fee and date to your pincode.'
                : `On orders over ${formatINR(freeFrom)}, delivered to your door.`}
            </p>
          </div>
        </li>
        <ReturnWindowNote />
      </ul>
    </div>
  );
}

/** Brand, material, seller, where it is made and the SKU: whichever the product has. */
function Specifications({ product }: { product: Product }) {
  const all: [string, string | null][] = [
    ['Brand', product.brand],
    ['Material', product.material],
    ['Seller', product.seller],
    ['Made in', product.madeIn],
    ['SKU', product.sku],
  ];
  const rows = all.filter((row): row is [string, string] => Boolean(row[1]));
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="product-specifications">
      <h2 id="product-specifications" className="mb-2 text-lg font-semibold">
        Specifications
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Note({ path }: { path: string }) {
  return (
    <svg
      width={32}
      height={32}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}
