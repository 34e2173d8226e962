import { ComingSoon } from '@/components/ui/coming-soon';

export function ListingPage() {
  return <ComingSoon title="Products" />;
}
