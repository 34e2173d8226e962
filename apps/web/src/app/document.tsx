import type { DehydratedState } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { themeShades } from '@/lib/colour';
import { useShopSettings } from '@/lib/shop-settings';

/** The id of the JSON block the server hands the browser its state in. */
export const PAGE_STATE_ID = 'page-state';

/** What the server sends with a page for the browser to hydrate it with. */
export interface PageState {
  origin: string;
  /** Built stylesheets the page uses, and module chunks it preloads beside the entry. */
  styles: string[];
  /**
   * The stylesheets are in the HTML itself (`<style>`), not linked: the first paint waits for no
   * second request. The browser's render finds them there by their href.
   */
  stylesInline?: boolean;
  preloads: string[];
  queries: DehydratedState;
}

/** The theme colour as CSS variables on <html>, in the HTML itself: no default colour flashes first. */
function useThemeStyle(): CSSProperties | undefined {
  const colour = useShopSettings()?.primaryColor;
  const shades = colour ? themeShades(colour) : undefined;
  return shades
    ? ({ '--color-brand': shades.brand, '--color-brand-dark': shades.brandDark } as CSSProperties)
    : undefined;
}

/**
 * The whole HTML document, rendered by the server and hydrated by the browser (React owns <html>).
 * Pages add their title and meta tags with PageMeta; React hoists them into <head>. The state block
 * is data (`application/json`), never run, so the strict CSP needs no exception for it.
 */
export function Document({
  state,
  stateJson,
  styleText,
  children,
}: {
  state: Pick<PageState, 'styles' | 'preloads' | 'stylesInline'>;
  stateJson: string;
  /** The server's render only: each inlined stylesheet's text by its href. */
  styleText?: ReadonlyMap<string, string>;
  children: ReactNode;
}) {
  // Marks the page as running (end-to-end tests wait for it before clicking: until then a click has no handler).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en" style={useThemeStyle()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A stylesheet with a precedence is a resource React sends first: it blocks the first paint, the modules only hydration. */}
        {state.styles.map((href) =>
          state.stylesInline ? (
            // React finds a hoisted <style> by its href when it hydrates, and keeps the server's text.
            <style key={href} href={href} precedence="default">
              {styleText?.get(href) ?? ''}
            </style>
          ) : (
            <link key={href} rel="stylesheet" href={href} precedence="default" />
          ),
        )}
        {/* With the styles in the document the browser may paint it half parsed: the header drawn before
            its last icons arrived moved when they did. The first paint waits until the main area starts. */}
        <link rel="expect" href="#main" blocking="render" />
        <meta name="theme-color" content="#000000" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {state.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        <script
          id={PAGE_STATE_ID}
          type="application/json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, in a data block that never runs
          dangerouslySetInnerHTML={{ __html: stateJson }}
        />
      </body>
    </html>
  );
}
