import { POLICY_LINKS } from '../texts/help-topics';
import { ContentLink } from './content-link';

/** The links every static page carries to the four policies (less the page itself). */
export function PolicyLinks({ current }: { current?: string }) {
  const links = POLICY_LINKS.filter((link) => link.to !== current);
  return (
    <nav aria-label="Policies" className="mt-12 border-t border-gray-200 pt-6">
      <h2 className="text-base font-semibold">Our policies</h2>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <ContentLink to={link.to}>{link.label}</ContentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
