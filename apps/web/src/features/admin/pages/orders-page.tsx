import { ComingInPartTwo } from '../components/coming-in-part-two';

export function OrdersPage() {
  return <ComingInPartTwo title="Orders" />;
}
