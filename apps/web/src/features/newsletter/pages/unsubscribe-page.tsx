import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { PageMeta } from '@/lib/page-meta';
import { useShopSettings } from '@/lib/shop-settings';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * Where a newsletter mail's "unsubscribe" link leads: it asks first, so a
 * mail scanner that opens every link cannot unsubscribe anybody. Mail clients
 * offering their own button post to the API directly (RFC 8058).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const shopName = useShopSettings()?.name ?? 'Bazaar';
  const leaving = useUnsubscribe();

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-14 sm:py-20">
      <PageMeta title={'Unsubscribe'} noindex />
      <h1 className="text-3xl font-semibold tracking-tight">Unsubscribe from our newsletter</h1>
      {leaving.isSuccess ? (
        <div className="mt-6">
          <p role="status" className="text-gray-800">
            {leaving.data.message}
          </p>
          <p className="mt-2 text-gray-700">Changed your mind? Subscribe again at the bottom of any page.</p>
          <Link to="/" className={buttonClasses('dark', 'md', 'mt-8')}>
            Back to the shop
          </Link>
        </div>
      ) : !token ? (
        <p role="alert" className="mt-6 text-gray-800">
          This link is incomplete. Please open the unsubscribe link in your newsletter email again.
        </p>
      ) : (
        <div className="mt-6">
          <p className="text-gray-800">
            You will no longer receive the {shopName} newsletter at this address. Your account, orders and any
            discount code you were sent stay as they are.
          </p>
          {leaving.isError ? (
            <p role="alert" className="mt-4 text-brand-dark">
              {errorMessage(leaving.error, 'Could not unsubscribe right now. Please try again.')}
            </p>
          ) : null}
          <Button
            className="mt-8"
            variant="dark"
            loading={leaving.isPending}
            onClick={() => leaving.mutate(token)}
          >
            {leaving.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        </div>
      )}
    </div>
  );
}
