import { memo, type ReactNode, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Deferred, DeferredPart } from '@/components/deferred';
import { CountBadge } from '@/components/ui/count-badge';
import { CartIcon, HeartIcon, MenuIcon, UserIcon } from '@/components/ui/icons';
import { useCartCount } from '@/features/cart';
import { loadHeaderSearch } from '@/features/catalogue';
import { useWishlistCount } from '@/features/wishlist';
import { useSession } from '@/lib/session-store';
import { useShopSettings } from '@/lib/shop-settings';
import { lazyWithReload } from './lazy-with-reload';

// Radix menus are loaded on demand: guests never need the account menu, and
// the mobile menu only when opened; the first page stays small.
const AccountMenu = lazyWithReload(() => import('./account-menu'));
const MobileMenu = lazyWithReload(() => import('./mobile-menu'));

// The search box's suggestions are for typing: until its code is here the server's box still takes a
// term, and Enter asks the server for the results (the form's plain GET).
const headerSearch = new DeferredPart<{ className: string }>(loadHeaderSearch);
// Fetched as soon as the shop's code runs, beside the page's hydration rather than after it: the box
// hydrates about when the page does, and the plain GET (an empty Enter reloads home) is rarely taken.
void headerSearch.preload();

// Memoised: the header re-renders as the session and counts fill in, before the chunk may be here;
// React would then give up hydrating the server's box (and what was typed in it) for the placeholder.
const HeaderSearch = memo(function HeaderSearch({ className }: { className: string }) {
  return (
    <Deferred
      part={headerSearch}
      props={{ className }}
      placeholder={<div aria-hidden="true" className={`h-10 rounded bg-gray-100 ${className}`} />}
    />
  );
});

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

function NavItem({ to, hidden = false, children }: { to: string; hidden?: boolean; children: ReactNode }) {
  return (
    // Hidden keeps its room: the links do not move when a session fills in after the page loads.
    <li className={hidden ? 'invisible' : undefined} aria-hidden={hidden || undefined}>
      <NavLink
        to={to}
        end
        className={({ isActive }) =>
          `rounded-sm pb-1 hover:text-brand ${focusRing} ${isActive ? 'border-b-2 border-gray-400' : ''}`
        }
      >
        {children}
      </NavLink>
    </li>
  );
}

function IconLink({
  to,
  label,
  count,
  children,
}: {
  to: string;
  label: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      // "Cart, 3 items": the badge's number is part of the name as a word (axe drops parenthesised text).
      aria-label={count > 0 ? `${label}, ${count} ${count === 1 ? 'item' : 'items'}` : label}
      className={`relative rounded p-1.5 hover:text-brand ${focusRing}`}
    >
      {children}
      <CountBadge count={count} />
    </Link>
  );
}

function AccountArea() {
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  const profileImage = useSession((state) => state.user?.profileImage);
  if (!isAuthenticated) {
    return (
      <Link to="/login" aria-label="Log in" className={`rounded-full p-1.5 hover:text-brand ${focusRing}`}>
        <UserIcon />
      </Link>
    );
  }
  return (
    <Suspense
      fallback={
        // The avatar's look while the menu's code (with the avatar's own) loads: the same room.
        <span className="p-0.5" aria-hidden="true">
          {profileImage ? (
            <img
              src={profileImage}
              alt=""
              width={32}
              height={32}
              className="size-8 rounded-full object-cover"
            />
          ) : (
            <span className="flex size-8 items-center justify-center rounded-full bg-brand text-white">
              <UserIcon size={19} />
            </span>
          )}
        </span>
      }
    >
      <AccountMenu />
    </Suspense>
  );
}

/** The shop's logo and name from its settings ("Bazaar" until they load); home link. */
function ShopMark() {
  const settings = useShopSettings();
  return (
    <Link
      to="/"
      className={`flex items-center gap-2 rounded-sm text-2xl font-bold tracking-wide ${focusRing}`}
    >
      {settings?.logo ? (
        <img src={settings.logo} alt="" className="h-9 w-auto max-w-28 object-contain" />
      ) : null}
      {settings?.name ?? 'Bazaar'}
    </Link>
  );
}

/** Logo, main links, search, wishlist and cart with counts, and the account avatar. */
export function SiteHeader() {
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  const cartCount = useCartCount();
  const wishlistCount = useWishlistCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);

  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 lg:flex-nowrap lg:gap-x-8 lg:py-5">
        <button
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuWanted(true);
            setMenuOpen(true);
          }}
          className={`-ml-1.5 rounded p-1.5 lg:hidden ${focusRing}`}
        >
          <MenuIcon />
        </button>

        <ShopMark />

        <nav aria-label="Main" className="mx-auto hidden lg:block">
          <ul className="flex items-center gap-10 text-base">
            <NavItem to="/">Home</NavItem>
            <NavItem to="/contact">Contact</NavItem>
            <NavItem to="/about">About</NavItem>
            <NavItem to="/register" hidden={isAuthenticated}>
              Sign Up
            </NavItem>
          </ul>
        </nav>

        <HeaderSearch className="order-last w-full lg:order-none lg:w-64 xl:w-72" />

        <div className="ml-auto flex items-center gap-2 sm:gap-3 lg:ml-0">
          <IconLink to="/wishlist" label="Wishlist" count={wishlistCount}>
            <HeartIcon />
          </IconLink>
          <IconLink to="/cart" label="Cart" count={cartCount}>
            <CartIcon />
          </IconLink>
          <AccountArea />
        </div>
      </div>

      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}
