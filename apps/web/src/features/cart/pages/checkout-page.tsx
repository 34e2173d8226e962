import { ComingSoon } from '@/components/ui/coming-soon';

export function CheckoutPage() {
  return <ComingSoon title="Checkout" />;
}
