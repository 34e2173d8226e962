import { ComingSoon } from '@/components/ui/coming-soon';

export function CartPage() {
  return <ComingSoon title="Cart" />;
}
