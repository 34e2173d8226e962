/** Query keys of the admin's reads; writes invalidate by these prefixes. */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  products: ['admin', 'products'] as const,
  categories: ['admin', 'categories'] as const,
  audit: ['admin', 'audit-log'] as const,
  contact: ['admin', 'contact-messages'] as const,
  newsletter: ['admin', 'newsletter'] as const,
  orders: ['admin', 'orders'] as const,
  coupons: ['admin', 'coupons'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  holds: ['admin', 'holds'] as const,
  outbox: ['admin', 'outbox'] as const,
  delivery: ['admin', 'delivery'] as const,
  /** Variants and stock: a product's matrix, the stock screen, ledgers, the threshold. */
  stock: ['admin', 'stock'] as const,
};
