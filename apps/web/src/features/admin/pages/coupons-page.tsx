import type { CouponBody, CouponKind } from '@bazaar/shared/schemas/coupon-admin';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons } from '../api/get-coupons';
import { useUpdateCoupon } from '../api/save-coupon';
import { CouponForm } from '../components/coupon-form';
import { CouponRow } from '../components/coupon-row';
import { FilterSelect } from '../components/filter-select';
import { Pager } from '../components/pager';
import { ScrollRegion } from '../components/scroll-region';
import { SearchBox } from '../components/search-box';
import { adminWrite } from '../lib/admin-write';

const KINDS: { value: CouponKind; label: string }[] = [
  { value: 'shop', label: 'Shop coupons' },
  { value: 'welcome', label: 'Newsletter welcome codes' },
  { value: 'all', label: 'All coupons' },
];
const HEAD = ['Coupon', 'Discount', 'Expiry Date', 'Usage Limit', 'Used', 'Actions'];

/**
 * Coupons: the Existing Coupon table (its body scrolls at 400 px; rows edit
 * inline, one at a time) and the Create Coupon form. Newsletter welcome codes,
 * one per subscriber, are listed apart so they do not bury the shop's own.
 */
export function CouponsPage() {
  useDocumentTitle('Coupons');
  const [kind, setKind] = useState<CouponKind>('shop');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim(), 250);
  const coupons = useCoupons({ kind, search: term || undefined, page });
  const update = useUpdateCoupon();
  const remove = useDeleteCoupon();
  const data = coupons.data;

  const closeRow = { onSuccess: () => setEditing(null) };
  const onUpdate = (couponId: string, body: CouponBody) =>
    adminWrite(
      update,
      { couponId, ...body },
      {
        confirm: 'Are you sure you want to update this coupon?',
        success: 'Coupon updated successfully!',
        failure: 'Failed to update coupon',
      },
      closeRow,
    );
  const onDelete = (couponId: string) =>
    adminWrite(
      remove,
      couponId,
      {
        confirm: 'Are you sure you want to delete this coupon?',
        success: 'Coupon deleted successfully!',
        failure: 'Failed to delete coupon',
      },
      closeRow,
    );

  return (
    <section className="max-w-6xl">
      <h1 className="text-2xl font-semibold">Coupons</h1>
      <section aria-labelledby="existing-coupons-heading" className="mt-6">
        <h2 id="existing-coupons-heading" className="text-lg font-semibold">
          Existing Coupon
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          <FilterSelect
            value={kind}
            options={KINDS}
            onChange={(value) => {
              setKind(value);
              setPage(1);
              setEditing(null);
            }}
          />
          <div className="mt-6 mb-4 w-full max-w-sm">
            <SearchBox
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
              placeholder="Search Coupon"
              label="Search coupons by code or subscriber email"
            />
          </div>
        </div>
        {coupons.isPending ? (
          <Spinner size={32} label="Loading coupons…" />
        ) : coupons.isError ? (
          <p role="alert" className="text-brand-dark">
            {errorMessage(coupons.error, 'Failed to fetch coupons')}
          </p>
        ) : data && data.coupons.length === 0 ? (
          <p className="rounded-lg border border-gray-200 bg-white p-6">No coupon found</p>
        ) : (
          // The table's body scrolls at 400 px under a header that stays.
          <ScrollRegion
            label="Existing coupons"
            className="max-h-[400px] overflow-auto rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-brand"
          >
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">Existing coupons</caption>
              <thead className="sticky top-0 z-10 bg-gray-100 text-gray-800">
                <tr>
                  {HEAD.map((label) => (
                    <th key={label} scope="col" className="px-4 py-3 font-semibold">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {data?.coupons.map((coupon) => (
                  <CouponRow
                    key={coupon._id}
                    coupon={coupon}
                    editing={editing === coupon._id}
                    busy={(update.isPending || remove.isPending) && editing === coupon._id}
                    onEdit={() => setEditing(coupon._id)}
                    onCancel={() => setEditing(null)}
                    onUpdate={(body) => onUpdate(coupon._id, body)}
                    onDelete={() => onDelete(coupon._id)}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {data ? <Pager page={page} pages={data.pages} onPage={setPage} /> : null}
      </section>
      <div className="mt-8">
        <CouponForm />
      </div>
    </section>
  );
}
