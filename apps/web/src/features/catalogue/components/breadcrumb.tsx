import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Home, then each path segment capitalised; the last one is the current page and not a link. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const all = [{ label: 'Home', to: '/' }, ...crumbs];
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-2 text-gray-500">
        {all.map((crumb, i) => {
          const last = i === all.length - 1;
          return (
            <li key={crumb.to} className="flex items-center gap-2">
              {i > 0 ? <span aria-hidden="true">/</span> : null}
              {last ? (
                <span aria-current="page" className="text-black">
                  {capitalise(crumb.label)}
                </span>
              ) : (
                <Link to={crumb.to} className="hover:text-black hover:underline">
                  {capitalise(crumb.label)}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
