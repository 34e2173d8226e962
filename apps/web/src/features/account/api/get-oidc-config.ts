import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OidcConfig {
  enabled: boolean;
}

/** GET /auth/oidc/config: whether this shop has Google sign-in configured. */
export function getOidcConfig(signal?: AbortSignal): Promise<OidcConfig> {
  return api<OidcConfig>('/auth/oidc/config', { signal, token: null });
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
