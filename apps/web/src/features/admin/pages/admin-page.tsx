import { ComingSoon } from '@/components/ui/coming-soon';

export function AdminPage() {
  return <ComingSoon title="Admin Dashboard" />;
}
