import { formatINR } from '@bazaar/shared/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { PageMeta } from '@/lib/page-meta';
import { codLink, confirmCodLink } from '../api/cod';

/**
 * Where the mailed (or WhatsApp) confirmation link of a cash-on-delivery order leads: it shows the
 * order and confirms with one press, so a mail scanner opening every link confirms nothing. No
 * sign-in: the signed link is the proof.
 */
export function ConfirmCodPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const order = useQuery({
    queryKey: ['cod-link', token],
    queryFn: () => codLink(token),
    enabled: token !== '',
  });
  const confirm = useMutation({ mutationFn: () => confirmCodLink(token) });
  const shown = confirm.data ?? order.data;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-14 sm:py-20">
      <PageMeta title="Confirm your order" noindex />
      <h1 className="text-3xl font-semibold tracking-tight">Confirm your cash-on-delivery order</h1>
      {!token ? (
        <p role="alert" className="mt-6">
          This link is incomplete. Please open the confirmation link in your mail again.
        </p>
      ) : order.isError ? (
        <p role="alert" className="mt-6">
          {errorMessage(order.error, 'This confirmation link is not valid.')}
        </p>
      ) : !shown ? (
        <p className="mt-6 text-gray-700">Loading your order…</p>
      ) : (
        <div className="mt-6">
          <p className="text-gray-800">
            Order #{shown.orderNumber} · {formatINR(shown.total)} to pay on delivery
          </p>
          <p role="status" className="mt-2 text-gray-800" data-cod-confirm-status={shown.status}>
            {shown.message}
          </p>
          {confirm.isError ? (
            <p role="alert" className="mt-4 text-brand-dark">
              {errorMessage(confirm.error, 'The order could not be confirmed. Please try again.')}
            </p>
          ) : null}
          {shown.awaiting ? (
            <Button
              className="mt-8"
              variant="dark"
              loading={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              Confirm order
            </Button>
          ) : (
            <Link to={`/orders/${shown.orderId}`} className={buttonClasses('dark', 'md', 'mt-8')}>
              See the order
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
