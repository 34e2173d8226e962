import { useSupport } from '../hooks/use-support';
import { policyParagraphs } from '../lib/policy-text';
import type { PolicyDocument } from '../texts/policies';
import { SectionList } from './content-blocks';
import { ContentLink } from './content-link';
import { ContentShell } from './content-shell';
import { PolicyLinks } from './policy-links';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

/** "2025-03-07" in the shopper's own time zone, like the date shown. */
function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function OverrideText({ paragraphs }: { paragraphs: ReturnType<typeof policyParagraphs> }) {
  return (
    <div className="flex flex-col gap-4 leading-relaxed whitespace-pre-line text-gray-800">
      {paragraphs.map((paragraph) => (
        <p key={paragraph.key}>{paragraph.text}</p>
      ))}
    </div>
  );
}

/**
 * One policy. `overrideText` is the seam for the shop settings: when an admin
 * has written this policy (returnPolicy, shippingPolicy, privacyPolicy), their
 * text replaces the built-in sections; title, contact block and links stay.
 */
export function PolicyView({
  policy,
  path,
  overrideText,
  today = new Date(),
}: {
  policy: PolicyDocument;
  /** The path shown, so the policy links leave out this page. */
  path: string;
  overrideText?: string | null;
  today?: Date;
}) {
  const support = useSupport();
  const custom = policyParagraphs(overrideText);
  const overridden = custom.length > 0;
  return (
    <ContentShell
      title={policy.title}
      intro={
        <>
          {policy.lastUpdatedToday ? (
            <p className="mb-2 text-sm text-gray-700">
              Last updated: <time dateTime={isoDay(today)}>{dateFormat.format(today)}</time>
            </p>
          ) : null}
          {overridden ? null : <p>{policy.intro}</p>}
        </>
      }
    >
      {overridden ? <OverrideText paragraphs={custom} /> : <SectionList sections={policy.sections} />}
      <section className="mt-12 rounded-lg bg-gray-100 p-6">
        <h2 className="text-xl font-semibold">Questions about this policy?</h2>
        <p className="mt-2 text-gray-800">{support.hours}</p>
        <ul className="mt-4 flex flex-col gap-2 sm:flex-row sm:gap-6">
          <li>
            <ContentLink to="/contact">Send us a message</ContentLink>
          </li>
          <li>
            <ContentLink to={support.mailto}>{support.email}</ContentLink>
          </li>
          <li>
            <ContentLink to={support.tel}>{support.phone}</ContentLink>
          </li>
        </ul>
      </section>
      <PolicyLinks current={path} />
    </ContentShell>
  );
}
