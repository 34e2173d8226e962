import { PageMeta } from '@/lib/page-meta';
import { LinkList } from '../components/content-blocks';
import { ContentShell } from '../components/content-shell';
import { PolicyLinks } from '../components/policy-links';
import { SupportBlock } from '../components/support-block';
import { inr, RETURNS, SHIPPING } from '../texts/figures';

const PROMISES = [
  {
    title: 'Free delivery',
    text: `Standard delivery is free on every order of ${inr(SHIPPING.freeFromRupees)} or more, anywhere we deliver in India.`,
  },
  {
    title: 'Support round the clock',
    text: 'Our support team answers 24 hours a day, 7 days a week, by phone, email and the contact form.',
  },
  {
    title: `${RETURNS.windowDays}-day returns`,
    text: `Changed your mind? Return most items within ${RETURNS.windowDays} days of delivery and get your money back.`,
  },
];

const CATEGORIES = [
  'women’s and men’s fashion',
  'electronics',
  'home and lifestyle',
  'medicine and health',
  'sports and outdoor',
  'baby products and toys',
  'groceries and pet supplies',
  'beauty',
];

export function AboutPage() {
  return (
    <>
      <PageMeta title={'About Bazaar'} />
      <ContentShell
        title="About Bazaar"
        intro="Bazaar is an online shop from Bengaluru for everything a home needs, priced in rupees and delivered across India."
      >
        <div className="flex flex-col gap-10 leading-relaxed text-gray-800">
          <section>
            <h2 className="text-xl font-semibold text-black">What we sell</h2>
            <p className="mt-3">
              One cart for {CATEGORIES.slice(0, -1).join(', ')} and {CATEGORIES.at(-1)}. We buy from brands
              and their authorised distributors, and every product page names its brand and seller, so you
              know what you are getting.
            </p>
          </section>
          <section>
            <h2 className="text-xl font-semibold text-black">Our promises</h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-3">
              {PROMISES.map((promise) => (
                <li key={promise.title} className="rounded-lg border border-gray-300 p-5">
                  <h3 className="font-semibold text-black">{promise.title}</h3>
                  <p className="mt-2 text-sm">{promise.text}</p>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2 className="text-xl font-semibold text-black">Safe shopping</h2>
            <p className="mt-3">
              You pay in Razorpay’s secure window by card, UPI, net banking or wallet; your card details never
              reach us. Your cart and wishlist follow you from your phone to your laptop once you sign in.
            </p>
          </section>
          <section>
            <h2 className="text-xl font-semibold text-black">Find out more</h2>
            <LinkList
              className="mt-3"
              links={[
                { label: 'Help Centre', to: '/help' },
                { label: 'Frequently asked questions', to: '/faq' },
                { label: 'Shipping information', to: '/shipping-info' },
                { label: 'Return and exchange policy', to: '/return-policy' },
              ]}
            />
          </section>
        </div>
        <SupportBlock title="Talk to us" />
        <PolicyLinks />
      </ContentShell>
    </>
  );
}
