import type { CouponList, CouponListParams } from '@bazaar/shared/schemas/coupon-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /api/coupons/get-coupons: newest first, with their uses; shop coupons, welcome codes or both. */
export function fetchCoupons(params: Partial<CouponListParams>, signal?: AbortSignal): Promise<CouponList> {
  return api<CouponList>('/coupons/get-coupons', { query: { ...params }, signal });
}

export const couponsQueryOptions = (params: Partial<CouponListParams>) =>
  queryOptions({
    queryKey: [...adminKeys.coupons, params] as const,
    queryFn: ({ signal }) => fetchCoupons(params, signal),
    placeholderData: keepPreviousData,
  });

export function useCoupons(params: Partial<CouponListParams>) {
  return useQuery(couponsQueryOptions(params));
}
