import { ComingInPartTwo } from '../components/coming-in-part-two';

export function OrderDetailPage() {
  return <ComingInPartTwo title="Order" />;
}
