import { ComingSoon } from '@/components/ui/coming-soon';

export function ForgotPasswordPage() {
  return <ComingSoon title="Forgot password" />;
}
