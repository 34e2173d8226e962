import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { DemoShopBanner } from '@/components/ui/demo-shop-banner';
import { MenuIcon } from '@/components/ui/icons';
import { Sheet, SheetClose } from '@/components/ui/sheet';
import { useShopSettings } from '@/lib/shop-settings';
import { AdminNav } from '../components/admin-nav';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/**
 * The admin area's frame: a dark sidebar (a hamburger opens it on small
 * screens), the 'Admin Dashboard' bar, and the page. The storefront's header
 * search and footer are not part of it. Every admin screen renders inside.
 */
export function AdminLayout() {
  const [open, setOpen] = useState(false);
  const shopName = useShopSettings()?.name ?? 'Bazaar';
  return (
    <div className="flex min-h-screen bg-gray-50">
      <a
        href="#admin-main"
        className="sr-only z-[70] rounded bg-black px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-60 shrink-0 bg-gray-900 p-4 lg:block">
        <AdminNav />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <DemoShopBanner />
        <header className="flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3">
          <button
            type="button"
            aria-label="Open admin menu"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            className={`-ml-1 rounded p-1.5 lg:hidden ${focusRing}`}
          >
            <MenuIcon />
          </button>
          <Sheet open={open} onOpenChange={setOpen} title="Admin menu">
            <AdminNav tone="light" wrap={(link) => <SheetClose asChild>{link}</SheetClose>} />
          </Sheet>
          <Link to="/admin" className={`rounded-sm text-lg font-semibold ${focusRing}`}>
            Admin Dashboard
          </Link>
          <Link
            to="/"
            className={`ml-auto rounded-sm text-sm text-gray-700 underline-offset-4 hover:underline ${focusRing}`}
          >
            Back to {shopName}
          </Link>
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
