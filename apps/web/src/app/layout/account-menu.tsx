import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { BagIcon, CancelIcon, LogoutIcon, ShieldIcon, UserIcon } from '@/components/ui/icons';
import { useLogout } from '@/features/account';
import { useSession } from '@/lib/session-store';

/**
 * The avatar's dropdown: My account, My orders, Cancellations, Admin (admins
 * only) and Logout. Loaded only for signed-in shoppers, so guests never download
 * the menu code.
 */
export default function AccountMenu() {
  const user = useSession((state) => state.user);
  const isAdmin = useSession((state) => state.isAdmin);
  const onLogout = useLogout();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={user ? `Account menu for ${user.name}` : 'Account menu'}
        // The same 36 px box as the log-in icon it replaces, so nothing beside it moves.
        className="rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <Avatar src={user?.profileImage} />
      </DropdownMenuTrigger>
      {/* The spec's heights: 215 px, 260 px with the Admin entry; the entries share it evenly. */}
      <DropdownMenuContent
        aria-label="Account"
        style={{ height: isAdmin ? 260 : 215 }}
        className="flex flex-col justify-evenly"
      >
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserIcon size={20} />
            My account
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/orders">
            <BagIcon size={20} />
            My orders
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/orders?show=cancelled">
            <CancelIcon size={20} />
            Cancellations
          </Link>
        </DropdownMenuItem>
        {isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <ShieldIcon size={20} />
              Admin
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogoutIcon size={20} />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
