import { ComingSoon } from '@/components/ui/coming-soon';

export function WishlistPage() {
  return <ComingSoon title="My wishlist" />;
}
