import { CART_MESSAGES, CART_QUANTITY } from '@bazaar/shared/constants';
import { formatINR } from '@bazaar/shared/money';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { ProductImage } from '@/components/ui/product-image';
import type { useCartActions } from '../hooks/use-cart-actions';
import type { CartLineView } from '../hooks/use-cart-view';

type Actions = ReturnType<typeof useCartActions>;

// On a phone each row is a card and every cell says what it is; from md up, a table with a header.
const cell =
  'flex items-center justify-between gap-4 px-4 py-2 before:text-sm before:text-gray-500 before:content-[attr(data-label)] md:table-cell md:py-5 md:before:content-none';

/**
 * The spec's cart table: Product, Price, Quantity, Subtotal; a remove icon; Return to shop and Update
 * Cart, which applies the quantities typed and then goes on to checkout, as the spec's Update Cart does
 * (its /checkout is /cart/checkout here, where a guest is asked to log in first).
 */
export function CartTable({ lines, actions }: { lines: CartLineView[]; actions: Actions }) {
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const quantityOf = (line: CartLineView) => drafts[line.key] ?? String(line.quantity);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes = lines
      .filter((line) => quantityOf(line) !== String(line.quantity))
      .map((line) => ({ line, qty: Number(quantityOf(line)) }));
    // A refused quantity keeps the shopper here, with the refusal and what they typed.
    if (changes.length > 0 && !(await actions.updateQuantities(changes))) return;
    setDrafts({});
    await navigate('/cart/checkout');
  };

  const remove = (line: CartLineView) => {
    if (!window.confirm(CART_MESSAGES.confirmRemove)) return;
    void actions.removeLine(line);
    setDrafts(({ [line.key]: _dropped, ...rest }) => rest);
  };

  return (
    <form onSubmit={submit} aria-label="Cart items">
      <table className="block w-full md:table md:border-separate md:border-spacing-y-4">
        <thead className="sr-only md:not-sr-only md:table-header-group">
          <tr className="md:shadow-[0_1px_13px_rgba(0,0,0,0.05)]">
            <th scope="col" className="px-4 py-5 text-left font-normal">
              Product
            </th>
            <th scope="col" className="px-4 py-5 text-left font-normal">
              Price
            </th>
            <th scope="col" className="px-4 py-5 text-left font-normal">
              Quantity
            </th>
            <th scope="col" className="px-4 py-5 text-right font-normal">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody className="flex flex-col gap-4 md:table-row-group">
          {lines.map((line) => (
            <tr
              key={line.key}
              className="relative block rounded border border-gray-200 py-2 md:table-row md:border-0 md:shadow-[0_1px_13px_rgba(0,0,0,0.05)]"
            >
              <th scope="row" className="block px-4 py-2 text-left font-normal md:table-cell md:py-5">
                <div className="flex items-center gap-4 pr-8 md:pr-0">
                  <div className="relative shrink-0">
                    <ProductImage
                      src={line.image}
                      alt=""
                      width={64}
                      height={64}
                      sizes="64px"
                      className="size-16 rounded object-contain"
                    />
                    <button
                      type="button"
                      onClick={() => remove(line)}
                      aria-label={`Remove ${line.name} from the cart`}
                      className="absolute -top-2 -left-2 hidden size-6 items-center justify-center rounded-full bg-brand text-white hover:bg-brand-dark md:flex"
                    >
                      <CloseIcon size={14} />
                    </button>
                  </div>
                  <div className="min-w-0">
                    <Link
                      to={`/product/${line.productId}`}
                      className="font-medium hover:text-brand hover:underline"
                    >
                      {line.name}
                    </Link>
                    {line.colour || line.size ? (
                      <p className="text-sm text-gray-500">
                        {[line.colour, line.size && `Size ${line.size}`].filter(Boolean).join(' · ')}
                      </p>
                    ) : null}
                    {line.countInStock !== null && line.quantity > line.countInStock ? (
                      <p className="text-sm text-brand">
                        {line.countInStock === 0 ? 'Out of stock' : `Only ${line.countInStock} left in stock`}
                      </p>
                    ) : null}
                  </div>
                </div>
                <button
                  type="button"
                  onClick={() => remove(line)}
                  aria-label={`Remove ${line.name} from the cart`}
                  className="absolute top-3 right-3 flex size-8 items-center justify-center rounded-full text-gray-600 hover:text-brand md:hidden"
                >
                  <CloseIcon size={18} />
                </button>
              </th>
              <td data-label="Price" className={cell}>
                <Price price={line.price} salePrice={line.salePrice} discount={line.discount} size="sm" />
              </td>
              <td data-label="Quantity" className={cell}>
                <input
                  type="number"
                  inputMode="numeric"
                  min={CART_QUANTITY.min}
                  max={CART_QUANTITY.max}
                  step={1}
                  required
                  value={quantityOf(line)}
                  onChange={(event) => setDrafts((d) => ({ ...d, [line.key]: event.target.value }))}
                  aria-label={`Quantity of ${line.name}`}
                  className="h-11 w-20 rounded border border-gray-400 px-3 text-center"
                />
              </td>
              <td data-label="Subtotal" className={`${cell} md:text-right`}>
                {formatINR(line.lineTotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-6 flex flex-wrap justify-between gap-4">
        <Link to="/" className={buttonClasses('outline', 'lg', 'w-full sm:w-auto')}>
          Return to shop
        </Link>
        <Button type="submit" variant="outline" size="lg" loading={actions.busy} className="w-full sm:w-auto">
          Update Cart
        </Button>
      </div>
    </form>
  );
}
