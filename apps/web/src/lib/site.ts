import { createContext, use } from 'react';

/**
 * The shop's public origin (PUBLIC_URL), for canonical and Open Graph links. The server renders with
 * its configured origin and hands it to the browser with the page, so both render the same links.
 */
export const SiteOriginContext = createContext<string>('');

export function useSiteOrigin(): string {
  return use(SiteOriginContext);
}

/** The site's name in titles and Open Graph tags. */
export const SITE_NAME = 'Bazaar';
