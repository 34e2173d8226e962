import { ComingSoon } from '@/components/ui/coming-soon';

export function SearchPage() {
  return <ComingSoon title="Search Items" />;
}
