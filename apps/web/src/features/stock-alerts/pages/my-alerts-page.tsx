import type { MyStockAlert } from '@bazaar/shared/schemas/stock-alerts';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { BellIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { PageMeta } from '@/lib/page-meta';
import { useMyAlerts } from '../api/get-my-alerts';
import { useRemoveAlert } from '../api/remove-alert';

const STATUS: Record<MyStockAlert['status'], string> = {
  pending: 'Waiting for you to confirm by email',
  active: 'We will email you when it is back',
  sent: 'Back in stock: we emailed you',
};

/** "Blue / M", "M", or "" for a product without options. */
const optionsOf = (a: Pick<MyStockAlert, 'colour' | 'size'>) =>
  [a.colour, a.size].filter(Boolean).join(' / ');

/** /alerts (signed in): the shopper's back-in-stock alerts, each with its status and a Remove button. */
export function MyAlertsPage() {
  const alerts = useMyAlerts();
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 md:py-16">
      <PageMeta title="My alerts" description="The sold-out sizes you asked us to tell you about." />
      <h1 className="text-2xl font-semibold">My alerts</h1>
      {alerts.isPending ? (
        <div className="flex justify-center py-24">
          <Spinner label="Loading your alerts…" />
        </div>
      ) : alerts.isError ? (
        <p role="alert" className="mt-6 text-brand-dark">
          {errorMessage(alerts.error, 'Failed to fetch your alerts.')}
        </p>
      ) : alerts.data.alerts.length === 0 ? (
        <div className="flex flex-col items-center py-24 text-center">
          <BellIcon size={48} className="text-gray-300" />
          <p className="mt-6 text-xl font-medium">You have no alerts</p>
          <p className="mt-2 text-gray-600">
            On a sold-out size, choose Notify me and we will email you once it is back.
          </p>
          <Link to="/products" className={buttonClasses('primary', 'md', 'mt-8')}>
            Browse Products
          </Link>
        </div>
      ) : (
        <ul
          aria-label="My alerts"
          className="mt-8 divide-y divide-gray-200 rounded-lg border border-gray-200"
        >
          {alerts.data.alerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AlertRow({ alert }: { alert: MyStockAlert }) {
  const remove = useRemoveAlert();
  const options = optionsOf(alert);
  const name = options ? `${alert.productName} (${options})` : alert.productName;
  return (
    <li className="flex flex-wrap items-center justify-between gap-4 p-4">
      <div>
        <Link to={`/product/${encodeURIComponent(alert.productId)}`} className="font-medium hover:underline">
          {alert.productName}
        </Link>
        {options ? <p className="text-sm text-gray-700">{options}</p> : null}
        <p className="text-sm text-gray-600">{STATUS[alert.status]}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Remove the alert for ${name}`}
        loading={remove.isPending}
        onClick={() =>
          remove.mutate(alert.id, {
            onSuccess: (reply) => notify.success(reply.message),
            onError: (error) => notify.error(errorMessage(error, 'Failed to remove the alert.')),
          })
        }
      >
        Remove
      </Button>
    </li>
  );
}
