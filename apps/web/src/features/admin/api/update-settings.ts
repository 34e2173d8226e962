import type { ShopSettings } from '@bazaar/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SHOP_SETTINGS_KEY } from '@/lib/shop-settings';
import { adminKeys } from './keys';

/** PUT /api/settings (multipart, with the logo): the Shop Settings form. */
export function updateShopSettings(form: FormData): Promise<ShopSettings> {
  return api<ShopSettings>('/settings', { method: 'PUT', body: form });
}

export function useUpdateShopSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateShopSettings,
    onSuccess: (settings) => {
      // The whole app (theme, header, footer, policies) follows at once.
      client.setQueryData(SHOP_SETTINGS_KEY, settings);
      return client.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
