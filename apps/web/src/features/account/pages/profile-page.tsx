import { Link } from 'react-router';
import { AddressBook } from '@/components/address-book/address-book';
import { PageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session-store';
import { AccountSideMenu } from '../components/account-side-menu';
import { ProfileForm } from '../components/profile-form';
import { SignOutEverywhere } from '../components/sign-out-everywhere';

export function ProfilePage() {
  const user = useSession((s) => s.user);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PageMeta title={'My Profile'} noindex />
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <nav aria-label="Breadcrumb" className="text-gray-500">
          <Link to="/" className="hover:text-black">
            Home
          </Link>
          <span className="mx-2">/</span>
          <span className="text-black" aria-current="page">
            My Account
          </span>
        </nav>
        {user ? (
          <p>
            Welcome! <span className="text-brand">{user.name}</span>
          </p>
        ) : null}
      </div>
      <h1 className="sr-only">My Profile</h1>
      <div className="mt-10 flex flex-col gap-10 md:flex-row">
        <aside className="md:w-56 md:flex-none">
          <AccountSideMenu />
        </aside>
        <div className="flex-1 rounded bg-white px-6 py-8 shadow-[0_1px_13px_rgba(0,0,0,0.05)] md:px-20 md:py-10">
          {user ? (
            <>
              <ProfileForm user={user} />
              <AddressBook />
              <SignOutEverywhere />
            </>
          ) : (
            <p role="status" className="text-sm text-gray-600">
              Loading your profile…
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
