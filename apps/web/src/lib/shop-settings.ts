// Types only from the shared schemas: this module is part of the storefront's first load.
import type { ShopSettings } from '@bazaar/shared/schemas/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The shop's public settings (GET /api/settings): name, logo, theme colour,
 * contacts, policy texts, analytics id and delivery figures. Every feature
 * reads them, so they live here rather than in one feature; the admin's Shop
 * Settings screen refreshes this query after a save.
 */
export function fetchShopSettings(signal?: AbortSignal): Promise<ShopSettings> {
  return api<ShopSettings>('/settings', { signal });
}

export const SHOP_SETTINGS_KEY = ['shop-settings'] as const;

export const shopSettingsQueryOptions = () =>
  queryOptions({
    queryKey: SHOP_SETTINGS_KEY,
    queryFn: ({ signal }) => fetchShopSettings(signal),
    staleTime: 5 * 60_000,
  });

/** The settings, or undefined while they load (callers show their built-in text meanwhile). */
export function useShopSettings(): ShopSettings | undefined {
  return useQuery(shopSettingsQueryOptions()).data;
}

/** A tel: link for a phone number as people write it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
