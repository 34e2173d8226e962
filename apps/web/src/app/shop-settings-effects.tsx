import { useEffect } from 'react';
import { themeShades } from '@/lib/colour';
import { useShopSettings } from '@/lib/shop-settings';

const THEME_KEY = 'shopTheme';

/** Sets the theme colour (a text-safe shade of it, and a darker one for hover) for the whole app. */
function applyTheme(hex: string): void {
  const shades = themeShades(hex);
  if (!shades) return;
  const root = document.documentElement.style;
  root.setProperty('--color-brand', shades.brand);
  root.setProperty('--color-brand-dark', shades.brandDark);
}

/**
 * Applies the theme colour the shop had on the last visit before the first
 * paint, so a returning shopper does not see the default colour flash first.
 */
export function restoreTheme(): void {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    if (saved) applyTheme(saved);
  } catch {
    // storage unavailable: the default colour until the settings load
  }
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let analyticsLoaded = false;

/**
 * Google Analytics 4, only when the shop has a measurement id. Its script comes
 * from Google's host, which the server's CSP allows only then.
 */
function loadAnalytics(id: string): void {
  if (analyticsLoaded) return;
  analyticsLoaded = true;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the arguments object itself, not an array.
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: gtag's documented calling convention
    window.dataLayer!.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', id);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/** What the shop settings change across the whole app: the theme colour and analytics. */
export function ShopSettingsEffects() {
  const settings = useShopSettings();
  const colour = settings?.primaryColor;
  const analyticsId = settings?.googleAnalyticsId;
  useEffect(() => {
    if (!colour) return;
    applyTheme(colour);
    try {
      localStorage.setItem(THEME_KEY, colour);
    } catch {
      // the colour still applies to this visit
    }
  }, [colour]);
  useEffect(() => {
    if (analyticsId) loadAnalytics(analyticsId);
  }, [analyticsId]);
  return null;
}
