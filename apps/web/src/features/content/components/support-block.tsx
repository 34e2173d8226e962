import { useSupport } from '../hooks/use-support';
import { ContentLink } from './content-link';

const actionClass =
  'inline-flex h-11 items-center justify-center rounded px-6 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-dark';

/** "Still have questions?": Contact Support, Email Us, and support round the clock. */
export function SupportBlock({ title = 'Still have questions?' }: { title?: string }) {
  const support = useSupport();
  return (
    <section className="mt-14 rounded-lg bg-gray-100 px-6 py-8 text-center">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="mt-2 text-gray-700">{support.hours}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <ContentLink to="/contact" className={`${actionClass} bg-black text-white hover:bg-gray-800`}>
          Contact Support
        </ContentLink>
        <ContentLink
          to={support.mailto}
          className={`${actionClass} border border-gray-400 bg-white text-black hover:border-black`}
        >
          Email Us
        </ContentLink>
      </div>
    </section>
  );
}
