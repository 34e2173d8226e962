import { Link } from 'react-router';
import type { ContentLink } from '../lib/content-types';
import { linkClass } from './content-link';

/** Where a page sits: its ancestors as links, then the page itself. */
export function Breadcrumb({ trail, current }: { trail: ContentLink[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-gray-700">
        {trail.map((link) => (
          <li key={link.to} className="flex items-center gap-2">
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
            <span aria-hidden="true">/</span>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
