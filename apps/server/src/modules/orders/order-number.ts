/** The number a shopper reads and quotes: the first eight hex digits of the order's id, upper-case. */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, '').slice(0, 8).toUpperCase();
}
