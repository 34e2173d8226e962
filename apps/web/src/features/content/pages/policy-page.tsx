import { ComingSoon } from '@/components/ui/coming-soon';

export function PolicyPage() {
  return <ComingSoon title="Policy" />;
}
