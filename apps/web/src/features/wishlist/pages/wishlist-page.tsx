import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { HeartIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { PageMeta } from '@/lib/page-meta';
import { WishlistCard } from '../components/wishlist-card';
import { useWishlistEntries } from '../hooks/use-wishlist-entries';

const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** /wishlist (no login needed): the guest's list or the account's, as cards. */
export function WishlistPage() {
  const { loading, entries } = useWishlistEntries();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 md:py-16">
      <PageMeta title="My wishlist" description="The products you keep an eye on at Bazaar." />
      <div className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-semibold">My wishlist</h1>
        {loading ? null : <p className="text-gray-600">({itemCount(entries.length)})</p>}
      </div>
      {loading ? (
        // A whole screen tall, as the route's own loader is (app/guards.tsx): the footer stays below the
        // fold while the shopper's data arrives, instead of jumping down when it does (layout shift).
        <div className="flex min-h-svh justify-center py-24">
          <Spinner />
        </div>
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-center py-24 text-center">
          <HeartIcon size={48} className="text-gray-300" />
          <p className="mt-6 text-xl font-medium">Your wishlist is empty</p>
          <p className="mt-2 text-gray-600">Start adding items you love to your wishlist</p>
          <Link to="/products" className={buttonClasses('primary', 'md', 'mt-8')}>
            Browse Products
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {entries.map((entry) => (
            <WishlistCard key={entry.productId} entry={entry} />
          ))}
        </div>
      )}
    </section>
  );
}
