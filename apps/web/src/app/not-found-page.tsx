import { NOT_FOUND_TEXT } from '@bazaar/shared/constants';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-4xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-5xl font-medium tracking-wide sm:text-7xl">404 Not Found</h1>
      <p className="mt-8 text-gray-700">{NOT_FOUND_TEXT}</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-10')}>
        Back to home page
      </Link>
    </section>
  );
}
