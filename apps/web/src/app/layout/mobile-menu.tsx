import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Sheet, SheetClose } from '@/components/ui/sheet';
import { useLogout } from '@/features/account';
import { CategoryLinks } from '@/features/catalogue';
import { useSession } from '@/lib/session-store';

const itemClass =
  'block w-full rounded px-3 py-2.5 text-left text-base hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand';

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <SheetClose asChild>
        {/* A plain class string: Radix's Slot would stringify NavLink's class function. */}
        <NavLink
          to={to}
          end
          className={`${itemClass} aria-[current=page]:font-semibold aria-[current=page]:text-brand`}
        >
          {children}
        </NavLink>
      </SheetClose>
    </li>
  );
}

/**
 * The small-screen menu: Home, Contact, About and Sign Up (to /profile, as the spec has it: a guest
 * lands on the login its guard asks for), then the shop's categories; signed-in shoppers get Profile,
 * Orders History, Wishlist, Cart and Logout instead of Sign Up.
 */
export default function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  const onLogout = useLogout();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu">
      <nav aria-label="Mobile">
        <ul className="flex flex-col gap-1">
          <MenuLink to="/">Home</MenuLink>
          <MenuLink to="/contact">Contact</MenuLink>
          <MenuLink to="/about">About</MenuLink>
          {isAuthenticated ? (
            <>
              <MenuLink to="/profile">Profile</MenuLink>
              <MenuLink to="/orders">Orders History</MenuLink>
              <MenuLink to="/wishlist">Wishlist</MenuLink>
              <MenuLink to="/cart">Cart</MenuLink>
              <li>
                <button
                  type="button"
                  className={`${itemClass} text-brand`}
                  onClick={() => {
                    onOpenChange(false);
                    onLogout();
                  }}
                >
                  Logout
                </button>
              </li>
            </>
          ) : (
            <MenuLink to="/profile">Sign Up</MenuLink>
          )}
        </ul>
        <h2 className="mt-6 mb-2 px-3 text-sm font-semibold tracking-wide text-gray-600 uppercase">
          Categories
        </h2>
        <ul className="flex flex-col gap-1">
          <CategoryLinks itemClassName={itemClass} onNavigate={() => onOpenChange(false)} />
        </ul>
      </nav>
    </Sheet>
  );
}
