import type { ReactNode } from 'react';
import { useSupport } from '../hooks/use-support';
import { OFFICE_HOURS } from '../texts/contact';
import { linkClass } from './content-link';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-300 p-5">
      <h3 className="font-semibold">{title}</h3>
      <div className="mt-2 flex flex-col gap-1 text-sm text-gray-800">{children}</div>
    </section>
  );
}

/**
 * How to reach the shop, all from the shop settings: its two phone lines and two email lines (the
 * second of each when set), its address, the office hours, and the social links the shop set (a
 * link that goes nowhere is worse than none, so an unset one is not shown).
 */
export function ContactDetails() {
  const support = useSupport();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card title="Call us">
        {support.phones.map((line) => (
          <a key={line.href} href={line.href} className={linkClass}>
            {line.text}
          </a>
        ))}
        <p>Monday to Saturday, during office hours</p>
      </Card>
      <Card title="Email us">
        {support.emails.map((line) => (
          <a key={line.href} href={line.href} className={`${linkClass} break-all`}>
            {line.text}
          </a>
        ))}
        <p>Write any time; we answer by email.</p>
      </Card>
      <Card title="Visit our office">
        <address className="not-italic">{support.address}</address>
      </Card>
      <Card title="Office hours">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {OFFICE_HOURS.map((line) => (
            <div key={line.days} className="contents">
              <dt>{line.days}</dt>
              <dd>{line.hours}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {support.social.length > 0 ? (
        <section
          aria-labelledby="contact-social"
          className="rounded-lg border border-gray-300 p-5 sm:col-span-2"
        >
          <h3 id="contact-social" className="font-semibold">
            Follow us
          </h3>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {support.social.map((link) => (
              <li key={link.network}>
                {/* Another site, in a new tab: it gets neither this page's window nor its address. */}
                <a href={link.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  <span className="sr-only">{support.shopName} on </span>
                  {link.network}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
