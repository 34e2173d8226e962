/**
 * The content paths the router registers. Kept apart from the content itself
 * so the router's eager bundle carries only these names.
 */

/** Help articles, each served at "/<slug>" by the one article page. */
export const HELP_ARTICLE_SLUGS = [
  'track-order',
  'shipping-info',
  'order-cancellation',
  'international-shipping',
  'order-status',
  'start-return',
  'refund-status',
  'exchanges',
  'return-shipping',
  'account-settings',
  'reset-password',
  'addresses',
  'privacy-settings',
  'payment-methods',
  'pricing',
  'promotions',
  'gift-cards',
  'billing',
  'knowledge-base',
  'size-guide',
  'product-care',
] as const;
export type HelpArticleSlug = (typeof HELP_ARTICLE_SLUGS)[number];

export type PolicyId = 'terms' | 'shipping' | 'refund' | 'privacy' | 'returns';

/** Policy paths; the spec serves the return-and-exchange policy at two of them. */
export const POLICY_PATHS = {
  'terms-and-conditions': 'terms',
  'shipping-policy': 'shipping',
  'refund-policy': 'refund',
  'privacy-policy': 'privacy',
  'security-policy': 'returns',
  'return-policy': 'returns',
} as const satisfies Record<string, PolicyId>;

/** The first segment of a pathname, lower-cased (routes match any case). */
export function firstSegment(pathname: string): string {
  return pathname.split('/').find(Boolean)?.toLowerCase() ?? '';
}
