import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';

const linkClass =
  'rounded-sm font-medium text-brand underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/**
 * A screen whose part of the admin has not landed yet (orders, coupons, the
 * dashboard's figures): says so and links to what works, so no route is broken.
 */
export function ComingInPartTwo({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="max-w-3xl">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-3 text-gray-700">This screen opens with the orders and coupons part of the admin.</p>
      {children}
      <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to="/admin/products" className={linkClass}>
            Manage Products
          </Link>
        </li>
        <li>
          <Link to="/admin/users" className={linkClass}>
            Manage Users
          </Link>
        </li>
        <li>
          <Link to="/admin/shop" className={linkClass}>
            Shop Settings
          </Link>
        </li>
      </ul>
    </section>
  );
}
