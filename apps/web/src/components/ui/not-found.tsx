import { NOT_FOUND_TEXT } from '@bazaar/shared/constants';
import { Link } from 'react-router';
import { PageMeta } from '@/lib/page-meta';
import { buttonClasses } from './button';

/** The spec's not-found page: for unknown addresses, and for a category path the shop does not have. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-4xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Page not found" noindex />
      <h1 className="text-5xl font-medium tracking-wide sm:text-7xl">404 Not Found</h1>
      <p className="mt-8 text-gray-700">{NOT_FOUND_TEXT}</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-10')}>
        Back to home page
      </Link>
    </section>
  );
}
