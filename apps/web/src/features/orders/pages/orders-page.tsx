import { ComingSoon } from '@/components/ui/coming-soon';

export function OrdersPage() {
  return <ComingSoon title="My Orders" />;
}
