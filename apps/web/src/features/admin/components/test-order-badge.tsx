/**
 * Marks an order placed while payments were simulated (the payment sandbox): it looks paid, but no
 * money moved, so it is not to be shipped as a sale and the dashboard's revenue leaves it out.
 */
export function TestOrderBadge() {
  return (
    <span
      className="ml-2 inline-block rounded bg-yellow-100 px-1.5 py-0.5 align-middle text-xs font-semibold text-yellow-900"
      title="Test order: paid through the payment sandbox, no money moved"
    >
      Test
    </span>
  );
}
