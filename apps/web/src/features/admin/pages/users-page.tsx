import type { UserRole } from '@bazaar/shared/schemas/admin';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { Pager } from '../components/pager';
import { SearchBox } from '../components/search-box';
import { SummaryCard } from '../components/summary-card';
import { Table } from '../components/table';
import { UserRow } from '../components/user-row';
import { adminWrite } from '../lib/admin-write';
import { firstWord } from '../lib/format';

/** Users: the three counts, search, and one editable row at a time to change a role or delete an account. */
export function UsersPage() {
  useDocumentTitle('Users');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim(), 250);
  const users = useUsers({ search: term || undefined, page });
  const updateRole = useUpdateUserRole();
  const deleteUser = useDeleteUser();
  const data = users.data;

  const onUpdate = (userId: string, role: UserRole, revert: () => void) =>
    adminWrite(
      updateRole,
      { userId, newStatus: role },
      { success: 'User updated successfully', failure: 'Failed to update user status' },
      // After a refusal the dropdown goes back to the stored role.
      { onSuccess: () => setEditing(null), onError: revert },
    );
  const onDelete = (userId: string) =>
    adminWrite(
      deleteUser,
      userId,
      {
        confirm: 'Are you sure you want to delete this user?',
        success: 'User deleted successfully',
        failure: 'Failed to delete user',
      },
      { onSuccess: () => setEditing(null) },
    );

  return (
    <section>
      <h1 className="text-2xl font-semibold">Users</h1>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <SummaryCard label="Total Users" value={data?.counts.totalUsers ?? '–'} />
        <SummaryCard label="Total Admins" value={data?.counts.totalAdmins ?? '–'} />
        <SummaryCard label="Non Admin Users" value={data?.counts.nonAdminUsers ?? '–'} />
      </div>
      <div className="mt-6 mb-4">
        <SearchBox
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          placeholder="Search User"
          label="Search users by name, email, phone or id"
        />
      </div>
      {users.isPending ? (
        <Spinner size={32} label="Loading users…" />
      ) : users.isError ? (
        <p role="alert" className="text-brand">
          {errorMessage(users.error, 'Failed to fetch users.')}
        </p>
      ) : data && data.adminUsers.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-white p-6">
          No Users Found{term ? ` for "${term}"` : ''}
        </p>
      ) : (
        <Table caption="Users" head={['User ID', 'Username', 'User Profile', 'User Status', 'Actions']}>
          {data?.adminUsers.map((user) => (
            <UserRow
              key={user._id}
              user={user}
              username={firstWord(user.name)}
              editing={editing === user._id}
              busy={(updateRole.isPending || deleteUser.isPending) && editing === user._id}
              onEdit={() => setEditing(user._id)}
              onCancel={() => setEditing(null)}
              onUpdate={(role, revert) => onUpdate(user._id, role, revert)}
              onDelete={() => onDelete(user._id)}
            />
          ))}
        </Table>
      )}
      {data ? <Pager page={page} pages={data.pages} onPage={setPage} /> : null}
    </section>
  );
}
