import { ORDER_STATUSES, type OrderStatus } from '@bazaar/shared/constants';
import type { AdminOrderSummary } from '@bazaar/shared/schemas/order-admin';
import { type MouseEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { firstWord } from '../lib/format';
import { EditIcon } from './edit-icon';
import { statusLabel } from './order-status-badge';
import { cellClass } from './table';
import { TestOrderBadge } from './test-order-badge';

const iconButton =
  'rounded p-1.5 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand';

/** Clicks on the row's own controls do not open the order. */
const fromControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, select, input, label') !== null;

/**
 * One order: id, the customer's first name and picture, and the status. The
 * edit icon makes the row editable (one at a time): the dropdown offers the
 * moves the order's lifecycle allows from where it is, the rest greyed out.
 * Clicking the row elsewhere opens the order.
 */
export function OrderRow({
  order,
  editing,
  busy,
  onEdit,
  onCancel,
  onUpdate,
  onDelete,
}: {
  order: AdminOrderSummary;
  editing: boolean;
  busy: boolean;
  onEdit(): void;
  onCancel(): void;
  onUpdate(status: OrderStatus): void;
  onDelete(): void;
}) {
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const selectId = useId();
  const navigate = useNavigate();
  const href = `/admin/orders/order/${order._id}`;
  const reset = () => setStatus(order.status);
  const allowed = new Set<OrderStatus>([order.status, ...order.nextStatuses]);
  return (
    <tr
      className="cursor-pointer hover:bg-gray-50"
      onClick={(event) => {
        if (!fromControl(event)) navigate(href);
      }}
    >
      <td className={`${cellClass} break-all`}>
        <Link
          to={href}
          className="rounded-sm font-mono text-xs text-gray-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          {order._id}
        </Link>
        {order.isTest ? <TestOrderBadge /> : null}
      </td>
      <td className={cellClass}>{firstWord(order.user.name)}</td>
      <td className={cellClass}>
        <Avatar src={order.user.profileImage} size={36} />
      </td>
      <td className={cellClass}>
        <label htmlFor={selectId} className="sr-only">
          Order Status of order {order._id}
        </label>
        <select
          id={selectId}
          value={editing ? status : order.status}
          disabled={!editing || busy}
          onChange={(event) => setStatus(event.target.value as OrderStatus)}
          className="rounded border border-gray-300 bg-white px-2 py-1.5 disabled:bg-gray-100 disabled:text-gray-700"
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s} disabled={!allowed.has(s)}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </td>
      <td className={cellClass}>
        {editing ? (
          <div className="flex items-center gap-2">
            <Button
              size="sm"
              loading={busy}
              disabled={status === order.status}
              onClick={() => onUpdate(status)}
            >
              Update
            </Button>
            <Button size="sm" variant="dark" disabled={busy} onClick={onDelete}>
              Delete
            </Button>
            <button
              type="button"
              aria-label={`Cancel editing order ${order._id}`}
              disabled={busy}
              onClick={() => {
                reset();
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
            aria-label={`Edit order ${order._id}`}
            onClick={() => {
              reset();
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
