import { BANNER_TEXT } from '@bazaar/shared/constants';
import { Link } from 'react-router';

/** The spec's black 50px bar: sale text, ShopNow, and an English-only language choice on large screens. */
export function TopBanner() {
  return (
    <div className="bg-black text-white" data-testid="top-banner">
      <div className="mx-auto flex h-[50px] max-w-7xl items-center justify-center gap-4 px-4">
        <p className="line-clamp-2 text-center text-xs leading-tight sm:text-sm lg:flex-1">
          {BANNER_TEXT}{' '}
          <Link
            to="/"
            className="ml-1 font-semibold underline underline-offset-2 hover:text-gray-300 focus-visible:outline-2 focus-visible:outline-white"
          >
            ShopNow
          </Link>
        </p>
        <label className="hidden shrink-0 lg:block">
          <span className="sr-only">Language</span>
          {/* A field with neither id nor name is an issue in Chromium's DevTools (and Lighthouse's). */}
          <select
            name="language"
            defaultValue="en"
            className="cursor-pointer bg-black py-1 text-sm text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <option value="en">English</option>
          </select>
        </label>
      </div>
    </div>
  );
}
