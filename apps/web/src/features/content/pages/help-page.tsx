import { ComingSoon } from '@/components/ui/coming-soon';

export function HelpPage() {
  return <ComingSoon title="Help Centre" />;
}
