const NEW_FOR_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * '-N%' for a discounted product; 'new' for one added in the last 30 days
 * without a discount (the spec names the badge, not the rule; this is ours).
 */
export function productBadge(
  product: { discount: number; createdAt: string },
  now = Date.now(),
): string | null {
  if (product.discount > 0) return `-${product.discount}%`;
  const created = Date.parse(product.createdAt);
  if (Number.isFinite(created) && now - created < NEW_FOR_MS) return 'new';
  return null;
}

export function ProductBadge({ product }: { product: { discount: number; createdAt: string } }) {
  const badge = productBadge(product);
  if (!badge) return null;
  return (
    <span
      className={`rounded px-2.5 py-1 text-xs font-medium text-white ${badge === 'new' ? 'bg-emerald-700' : 'bg-brand'}`}
    >
      {badge}
    </span>
  );
}
