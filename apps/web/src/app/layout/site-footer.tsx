import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Deferred, DeferredPart } from '@/components/deferred';
import { telHref, useShopSettings } from '@/lib/shop-settings';

// The sign-up form is below the fold on every page: its code is not in the first load.
const newsletterForm = new DeferredPart<object>(() =>
  import('@/features/newsletter').then((module) => module.NewsletterForm),
);
// The form's input row, so the links below it do not move.
const newsletterPlaceholder = <div aria-hidden="true" className="h-12 rounded border-[1.5px] border-white" />;
const NO_PROPS = {};

// Memoised: the footer's re-render before the chunk is here would otherwise make React give up
// hydrating the server's HTML of the form and show the placeholder instead.
const NewsletterForm = memo(function NewsletterForm() {
  return (
    <Deferred
      part={newsletterForm}
      props={NO_PROPS}
      placeholder={newsletterPlaceholder}
      disabledUntilHydrated
    />
  );
});

const linkClass =
  'rounded-sm text-gray-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

function Column({ title, brand = false, children }: { title: string; brand?: boolean; children: ReactNode }) {
  return (
    <section>
      <h2 className={`mb-6 ${brand ? 'text-2xl font-bold tracking-wide' : 'text-xl font-medium'}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Links({ items }: { items: ReadonlyArray<readonly [label: string, to: string]> }) {
  return (
    <ul className="flex flex-col gap-4 text-sm">
      {items.map(([label, to]) => (
        <li key={label}>
          <Link to={to} className={linkClass}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const ACCOUNT_LINKS = [
  ['My Account', '/profile'],
  ['Login / Register', '/login'],
  ['Cart', '/cart'],
  ['Wishlist', '/wishlist'],
  ['Shop', '/products'],
] as const;

const QUICK_LINKS = [
  ['Privacy Policy', '/privacy-policy'],
  ['Terms Of Use', '/terms-and-conditions'],
  ['FAQ', '/faq'],
  ['Help Centre', '/help'],
  ['Contact', '/contact'],
] as const;

// Shown while the shop settings load, and for any contact they leave empty.
const SUPPORT = {
  address: '12 MG Road, Bengaluru, Karnataka 560001, India',
  email: 'support@bazaar.example',
  phone: '+91 80 4000 1234',
};

/** Dark footer: newsletter, support, account and quick links, copyright. */
export function SiteFooter() {
  const settings = useShopSettings();
  const name = settings?.name ?? 'Bazaar';
  const address = settings?.address ?? SUPPORT.address;
  const email = settings?.email ?? SUPPORT.email;
  const phone = settings?.phone ?? SUPPORT.phone;
  return (
    <footer className="mt-16 bg-black text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4 lg:gap-8 lg:py-20">
        <Column title={name} brand>
          <p className="mb-4 text-lg font-medium">Subscribe</p>
          <p className="mb-4 text-sm text-gray-300">Get 10% off your first order</p>
          <NewsletterForm />
        </Column>
        <Column title="Support">
          <address className="flex flex-col gap-4 text-sm text-gray-300 not-italic">
            <span>{address}</span>
            <a href={`mailto:${email}`} className={linkClass}>
              {email}
            </a>
            <a href={telHref(phone)} className={linkClass}>
              {phone}
            </a>
          </address>
        </Column>
        <Column title="Account">
          <Links items={ACCOUNT_LINKS} />
        </Column>
        <Column title="Quick Link">
          <Links items={QUICK_LINKS} />
        </Column>
      </div>
      <div className="border-t border-white/10 py-5 text-center text-sm text-gray-400">
        &copy; Copyright {name} {new Date().getFullYear()}. All rights reserved.
      </div>
    </footer>
  );
}
