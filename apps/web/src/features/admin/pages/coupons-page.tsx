import { ComingInPartTwo } from '../components/coming-in-part-two';

export function CouponsPage() {
  return <ComingInPartTwo title="Coupons" />;
}
