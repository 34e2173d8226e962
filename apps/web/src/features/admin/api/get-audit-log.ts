import type { AuditLogParams, AuditLogReply } from '@bazaar/shared/schemas/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/audit-log: admin writes, newest first. */
export function fetchAuditLog(params: Partial<AuditLogParams>, signal?: AbortSignal): Promise<AuditLogReply> {
  return api<AuditLogReply>('/admin/audit-log', { query: { ...params }, signal });
}

export const auditLogQueryOptions = (params: Partial<AuditLogParams>) =>
  queryOptions({
    queryKey: [...adminKeys.audit, params] as const,
    queryFn: ({ signal }) => fetchAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(params: Partial<AuditLogParams>) {
  return useQuery(auditLogQueryOptions(params));
}
