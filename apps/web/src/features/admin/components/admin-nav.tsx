import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/** The sidebar's sections, as the spec lists them (unpaid holds beside orders, delivery zones beside the shop), then those beyond the spec: messages, newsletter, outbox, audit log. */
export const ADMIN_SECTIONS = [
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/holds', label: 'Unpaid holds' },
  { to: '/admin/returns', label: 'Returns' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/stock', label: 'Stock' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/shop', label: 'Shop' },
  { to: '/admin/delivery', label: 'Delivery zones' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/outbox', label: 'Outbox' },
  { to: '/admin/audit-log', label: 'Audit log' },
] as const;

const ITEM_CLASS = {
  // The sidebar: light text on the dark panel.
  dark: 'block rounded px-3 py-2.5 text-base text-gray-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white aria-[current=page]:bg-white aria-[current=page]:font-semibold aria-[current=page]:text-black',
  // The small-screen menu sheet.
  light:
    'block rounded px-3 py-2.5 text-base hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand aria-[current=page]:font-semibold aria-[current=page]:text-brand',
};

/** The admin's sections; `wrap` lets the small-screen sheet close itself when one is chosen. */
export function AdminNav({
  wrap = (link) => link,
  tone = 'dark',
}: {
  wrap?: (link: ReactNode) => ReactNode;
  tone?: keyof typeof ITEM_CLASS;
}) {
  const itemClass = ITEM_CLASS[tone];
  return (
    <nav aria-label="Admin">
      <ul className="flex flex-col gap-1">
        <li>
          {wrap(
            <NavLink to="/admin" end className={itemClass}>
              Dashboard
            </NavLink>,
          )}
        </li>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            {wrap(
              <NavLink to={section.to} className={itemClass}>
                {section.label}
              </NavLink>,
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
