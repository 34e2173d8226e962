import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
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
        <header className="flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-3">
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger
              className={`-ml-1 rounded p-1.5 lg:hidden ${focusRing}`}
              aria-label="Open admin menu"
            >
              <MenuIcon />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
              <Dialog.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 flex w-64 max-w-[85vw] flex-col bg-gray-900 p-4 shadow-xl focus:outline-none"
              >
                <div className="mb-4 flex items-center justify-between">
                  <Dialog.Title className="text-lg font-semibold text-white">Admin menu</Dialog.Title>
                  <Dialog.Close
                    className="rounded p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
                    aria-label="Close admin menu"
                  >
                    <CloseIcon size={20} />
                  </Dialog.Close>
                </div>
                <AdminNav wrap={(link) => <Dialog.Close asChild>{link}</Dialog.Close>} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
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
