import { ComingSoon } from '@/components/ui/coming-soon';

export function FaqPage() {
  return <ComingSoon title="FAQ" />;
}
