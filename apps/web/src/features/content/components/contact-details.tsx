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
 * How to reach the shop: its phone, email and address from the shop settings,
 * and the office hours. No social links: the settings hold none, and a link
 * that goes nowhere is worse than none.
 */
export function ContactDetails() {
  const support = useSupport();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card title="Call us">
        <a href={support.tel} className={linkClass}>
          {support.phone}
        </a>
        <p>Monday to Saturday, during office hours</p>
      </Card>
      <Card title="Email us">
        <a href={support.mailto} className={`${linkClass} break-all`}>
          {support.email}
        </a>
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
    </div>
  );
}
