import { ComingSoon } from '@/components/ui/coming-soon';

export function ContactPage() {
  return <ComingSoon title="Contact" />;
}
