import { formatINR } from '@bazaar/shared/money';

/**
 * A price as the shop shows it: the sale price, and when the product is
 * discounted the original struck through. Both amounts come from the server.
 */
export function Price({
  price,
  salePrice,
  discount,
  size = 'md',
  className = '',
}: {
  /** Rupees before discount. */
  price: number;
  /** Rupees after discount, as the server computed it. */
  salePrice: number;
  discount: number;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const onSale = discount > 0 && salePrice < price;
  const text = { sm: 'text-sm', md: 'text-base', lg: 'text-2xl' }[size];
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-3 ${text} ${className}`}>
      <span className="font-medium text-brand" data-price-current="">
        {formatINR(onSale ? salePrice : price)}
      </span>
      {onSale ? (
        <s className="text-gray-500">
          <span className="sr-only">Original price </span>
          {formatINR(price)}
        </s>
      ) : null}
    </span>
  );
}
