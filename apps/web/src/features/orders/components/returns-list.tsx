import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyReturns } from '../api/get-my-returns';
import { ReturnRequestCard } from './return-request-card';

/** /orders?show=returns (the menu's "My Returns"): the shopper's return requests, newest first. */
export function ReturnsList() {
  useDocumentTitle('My Returns');
  const returns = useMyReturns();
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-500">
        <Link to="/" className="hover:text-black">
          Home
        </Link>
        <span className="mx-2">/</span>
        <span className="text-black" aria-current="page">
          My Returns
        </span>
      </nav>
      <h1 className="mt-8 text-3xl font-medium">My Returns</h1>
      {returns.isPending ? (
        <div className="flex justify-center py-24">
          <Spinner size={40} label="Loading your returns…" />
        </div>
      ) : returns.isError ? (
        <p role="alert" className="py-16 text-center text-gray-700">
          {errorMessage(returns.error, 'Your returns could not be loaded.')}
        </p>
      ) : returns.data.length === 0 ? (
        <div className="py-16 text-center">
          <h2 className="text-xl font-medium">No returns yet</h2>
          <p className="mt-2 text-gray-600">
            To return delivered items, open the order and choose Return items.
          </p>
          <Link to="/orders" className={buttonClasses('primary', 'md', 'mt-6')}>
            My Orders
          </Link>
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-4">
          {returns.data.map((r) => (
            <ReturnRequestCard key={r._id} request={r} withOrderLink />
          ))}
        </div>
      )}
    </section>
  );
}
