import { ComingInPartTwo } from '../components/coming-in-part-two';

/** The dashboard's figures, recent orders and revenue chart come with the orders part of the admin. */
export function DashboardPage() {
  return <ComingInPartTwo title="Dashboard" />;
}
