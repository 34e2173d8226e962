import { Link } from 'react-router';
import { PageMeta } from '@/lib/page-meta';
import { buttonClasses } from './button';

/** Shown by screens whose issue has not landed yet, so a route never looks broken. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <PageMeta title={title} />
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-gray-600">This part of the shop is being built and opens soon.</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to home page
      </Link>
    </section>
  );
}
