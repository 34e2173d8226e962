import { useShopSettings } from './shop-settings';
import { SITE_NAME, useSiteOrigin } from './site';

const DEFAULT_DESCRIPTION =
  'Shop fashion, electronics, home and more at Bazaar, priced in rupees, with free delivery over ₹140.';

export interface PageMetaProps {
  /** The page's own title; the shop's name follows it. */
  title: string;
  description?: string | undefined;
  /** Path (with any query that names the page) of the one URL search engines should index. */
  canonicalPath?: string | undefined;
  /** Open Graph image: an absolute URL or a path on this shop. */
  image?: string | null | undefined;
  type?: 'website' | 'product';
  /** Pages that are private or say nothing on their own (a form, a 404). */
  noindex?: boolean;
  /** Structured data (schema.org), written as a JSON-LD block. */
  jsonLd?: Record<string, unknown> | undefined;
}

/** JSON for a script block: `<` escaped, so no value can close the element. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export const absoluteUrl = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;

/**
 * A page's title, description, canonical link, Open Graph tags and structured data. React hoists the
 * tags into the document's head, on the server and on every client-side navigation alike.
 */
export function PageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  canonicalPath,
  image,
  type = 'website',
  noindex = false,
  jsonLd,
}: PageMetaProps) {
  const origin = useSiteOrigin();
  const shop = useShopSettings()?.name ?? SITE_NAME;
  const fullTitle = `${title} | ${shop}`;
  const canonical = canonicalPath !== undefined && origin ? absoluteUrl(origin, canonicalPath) : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {canonical ? <link rel="canonical" href={canonical} /> : null}
      <meta property="og:site_name" content={shop} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      {canonical ? <meta property="og:url" content={canonical} /> : null}
      {image && origin ? <meta property="og:image" content={absoluteUrl(origin, image)} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {jsonLd ? (
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, in a data block that never runs
          dangerouslySetInnerHTML={{ __html: scriptSafeJson(jsonLd) }}
        />
      ) : null}
    </>
  );
}
