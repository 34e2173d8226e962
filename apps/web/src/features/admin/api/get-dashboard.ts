import type { Dashboard } from '@bazaar/shared/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/dashboard: revenue, counts, the last week's orders and revenue per day. */
export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api<Dashboard>('/admin/dashboard', { signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => fetchDashboard(signal) });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
