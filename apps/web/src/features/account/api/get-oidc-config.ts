import type { OidcConfigReply } from '@bazaar/shared/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /auth/oidc/config: whether this shop has Google sign-in configured. */
export function getOidcConfig(signal?: AbortSignal): Promise<OidcConfigReply> {
  return api<OidcConfigReply>('/auth/oidc/config', { signal, token: null });
}

export function oidcConfigQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'oidc', 'config'],
    queryFn: ({ signal }) => getOidcConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useOidcConfig() {
  return useQuery(oidcConfigQueryOptions());
}
