import type { UserRole } from '@bazaar/shared/schemas/admin';
import type { User } from '@bazaar/shared/schemas/user';
import { useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { EditIcon } from './edit-icon';
import { cellClass } from './table';

const roleOf = (user: User): UserRole => (user.isAdmin ? 'admin' : 'user');

/**
 * One user: id, first name, picture and role. The edit icon makes the row
 * editable (only one at a time: the page says which); cancelling resets the
 * role to the stored one.
 */
export function UserRow({
  user,
  editing,
  busy,
  onEdit,
  onCancel,
  onUpdate,
  onDelete,
  username,
}: {
  user: User;
  editing: boolean;
  busy: boolean;
  onEdit(): void;
  onCancel(): void;
  onUpdate(role: UserRole, revert: () => void): void;
  onDelete(): void;
  username: string;
}) {
  const [role, setRole] = useState<UserRole>(roleOf(user));
  const selectId = useId();
  const reset = () => setRole(roleOf(user));
  return (
    <tr>
      <td className={`${cellClass} font-mono text-xs break-all text-gray-700`}>{user._id}</td>
      <td className={cellClass}>{username}</td>
      <td className={cellClass}>
        <Avatar src={user.profileImage} size={36} />
      </td>
      <td className={cellClass}>
        <label htmlFor={selectId} className="sr-only">
          User Status of {user.email}
        </label>
        <select
          id={selectId}
          value={editing ? role : roleOf(user)}
          disabled={!editing || busy}
          onChange={(event) => setRole(event.target.value as UserRole)}
          className="rounded border border-gray-300 bg-white px-2 py-1.5 disabled:bg-gray-100 disabled:text-gray-700"
        >
          <option value="admin">Admin</option>
          <option value="user">User</option>
        </select>
      </td>
      <td className={cellClass}>
        {editing ? (
          <div className="flex items-center gap-2">
            <Button size="sm" loading={busy} onClick={() => onUpdate(role, reset)}>
              Update
            </Button>
            <Button size="sm" variant="dark" disabled={busy} onClick={onDelete}>
              Delete
            </Button>
            <button
              type="button"
              aria-label={`Cancel editing ${user.email}`}
              disabled={busy}
              onClick={() => {
                reset();
                onCancel();
              }}
              className="rounded p-1.5 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand"
            >
              <CloseIcon size={18} />
            </button>
          </div>
        ) : (
          <button
            type="button"
            aria-label={`Edit ${user.email}`}
            onClick={() => {
              reset();
              onEdit();
            }}
            className="rounded p-1.5 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand"
          >
            <EditIcon />
          </button>
        )}
      </td>
    </tr>
  );
}
