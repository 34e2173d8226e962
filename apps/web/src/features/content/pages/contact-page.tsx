import { useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '@/lib/page-meta';
import { ContactDetails } from '../components/contact-details';
import { ContactForm } from '../components/contact-form';
import { linkClass } from '../components/content-link';
import { ContentShell } from '../components/content-shell';
import { FaqQuestion } from '../components/faq-question';
import { OfficeMap } from '../components/office-map';
import { useSupport } from '../hooks/use-support';
import { CONTACT_FAQ_IDS } from '../texts/contact';
import { FAQ_ITEMS } from '../texts/faq';

const FAQ_BLOCK = CONTACT_FAQ_IDS.map((id) => FAQ_ITEMS.find((item) => item.id === id)!);

/** /contact, /Contact and /contact-us: how to reach the shop, the form, the map and a few quick answers. */
export function ContactPage() {
  const support = useSupport();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());

  return (
    <>
      <PageMeta title={'Contact Us'} />
      <ContentShell
        wide
        title="Contact Us"
        intro="Questions about an order, a product or a return? Write to us or call, and we will help."
      >
        <div className="grid gap-12 lg:grid-cols-[1fr_1.2fr]">
          <section aria-labelledby="contact-details">
            <h2 id="contact-details" className="text-xl font-semibold">
              Get in touch
            </h2>
            <div className="mt-4">
              <ContactDetails />
            </div>
          </section>
          <section aria-labelledby="contact-form">
            <h2 id="contact-form" className="text-xl font-semibold">
              Send us a message
            </h2>
            <div className="mt-4">
              <ContactForm />
            </div>
          </section>
        </div>

        <section aria-labelledby="contact-map" className="mt-14">
          <h2 id="contact-map" className="text-xl font-semibold">
            Find us
          </h2>
          <div className="mt-4">
            <OfficeMap address={support.address} />
          </div>
        </section>

        <section aria-labelledby="contact-faq" className="mt-14">
          <h2 id="contact-faq" className="text-xl font-semibold">
            Quick answers
          </h2>
          <div className="mt-2 border-t border-gray-200">
            {FAQ_BLOCK.map((item) => (
              <FaqQuestion
                key={item.id}
                item={item}
                open={open.has(item.id)}
                onToggle={() =>
                  setOpen((current) => {
                    const next = new Set(current);
                    if (!next.delete(item.id)) next.add(item.id);
                    return next;
                  })
                }
              />
            ))}
          </div>
          <p className="mt-4 text-gray-700">
            More answers in our{' '}
            <Link to="/faq" className={linkClass}>
              frequently asked questions
            </Link>{' '}
            and the{' '}
            <Link to="/help" className={linkClass}>
              Help Centre
            </Link>
            .
          </p>
        </section>
      </ContentShell>
    </>
  );
}
