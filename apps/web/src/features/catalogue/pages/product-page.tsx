import { ComingSoon } from '@/components/ui/coming-soon';

export function ProductPage() {
  return <ComingSoon title="Product" />;
}
