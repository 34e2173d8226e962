import { type AdminCoupon, type CouponBody, couponBodySchema } from '@bazaar/shared/schemas/coupon-admin';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/form-field';
import { CloseIcon } from '@/components/ui/icons';
import { notify } from '@/lib/notify';
import { formatCalendarDate } from '../lib/format';
import { EditIcon } from './edit-icon';
import { cellClass } from './table';

const iconButton =
  'rounded p-1.5 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand';
const smallInput = inputClasses.replace('py-2.5', 'py-1.5');

const draftOf = (coupon: AdminCoupon) => ({
  code: coupon.code,
  discount: String(coupon.discount),
  usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
  expiresAt: coupon.expiryDate ?? '',
});

/**
 * One coupon: code (a newsletter welcome code says whose), discount, expiry,
 * usage limit and uses. The edit icon turns the row into fields with Update,
 * Delete and cancel (one row at a time); cancel or a successful update turns
 * it back.
 */
export function CouponRow({
  coupon,
  editing,
  busy,
  onEdit,
  onCancel,
  onUpdate,
  onDelete,
}: {
  coupon: AdminCoupon;
  editing: boolean;
  busy: boolean;
  onEdit(): void;
  onCancel(): void;
  onUpdate(body: CouponBody): void;
  onDelete(): void;
}) {
  const [draft, setDraft] = useState(draftOf(coupon));
  const field = (name: keyof typeof draft, label: string, type = 'text', width = 'w-24') => (
    <input
      aria-label={`${label} of ${coupon.code}`}
      type={type}
      value={draft[name]}
      disabled={busy}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      className={`${smallInput} ${width}`}
    />
  );
  const submit = () => {
    const parsed = couponBodySchema.safeParse(draft);
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? 'Failed to update coupon');
      return;
    }
    onUpdate(draft);
  };

  return (
    <tr className={coupon.expired ? 'text-gray-700' : undefined}>
      <td className={cellClass}>
        {editing ? (
          field('code', 'Coupon code', 'text', 'w-36')
        ) : (
          <span className="font-mono font-medium">{coupon.code}</span>
        )}
        {coupon.welcomeFor ? (
          <span className="mt-1 block text-xs text-gray-700">
            Newsletter welcome code · {coupon.welcomeFor}
          </span>
        ) : null}
      </td>
      <td className={cellClass}>
        {editing ? field('discount', 'Discount', 'number', 'w-20') : `${coupon.discount}%`}
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {editing
          ? field('expiresAt', 'Expiry date', 'date', 'w-40')
          : coupon.expiryDate
            ? `${formatCalendarDate(coupon.expiryDate)}${coupon.expired ? ' (expired)' : ''}`
            : 'Never'}
      </td>
      <td className={cellClass}>
        {editing ? field('usageLimit', 'Usage limit', 'number', 'w-24') : (coupon.usageLimit ?? 'No limit')}
      </td>
      <td className={cellClass}>{coupon.usedCount}</td>
      <td className={cellClass}>
        {editing ? (
          <div className="flex items-center gap-2">
            <Button size="sm" loading={busy} onClick={submit}>
              Update
            </Button>
            <Button size="sm" variant="dark" disabled={busy} onClick={onDelete}>
              Delete
            </Button>
            <button
              type="button"
              aria-label={`Cancel editing ${coupon.code}`}
              disabled={busy}
              onClick={() => {
                setDraft(draftOf(coupon));
                onCancel();
              }}
              className={iconButton}
            >
              <CloseIcon size={18} />
            </button>
          </div>
        ) : (
          <button
            type="button"
            aria-label={`Edit ${coupon.code}`}
            onClick={() => {
              setDraft(draftOf(coupon));
              onEdit();
            }}
            className={iconButton}
          >
            <EditIcon />
          </button>
        )}
      </td>
    </tr>
  );
}
