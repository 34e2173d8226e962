import { Link, NavLink } from 'react-router';

const subLink = ({ isActive }: { isActive: boolean }) =>
  `block py-1 text-sm ${isActive ? 'text-brand' : 'text-gray-500 hover:text-black'}`;

/** The profile page's left menu; returns, cancellations and returned orders are views of /orders (the spec's route). */
export function AccountSideMenu() {
  return (
    <nav aria-label="My account" className="flex flex-col gap-6 text-sm">
      <div>
        <h2 className="font-medium">Manage My Account</h2>
        <ul className="mt-3 ml-8">
          <li>
            <NavLink to="/profile" end className={subLink}>
              My Profile
            </NavLink>
          </li>
        </ul>
      </div>
      <div>
        <h2 className="font-medium">
          <Link to="/orders" className="hover:text-brand">
            My Orders
          </Link>
        </h2>
        <ul className="mt-3 ml-8">
          <li>
            <Link to="/orders?show=returns" className={subLink({ isActive: false })}>
              My Returns
            </Link>
          </li>
          <li>
            <Link to="/orders?show=cancelled" className={subLink({ isActive: false })}>
              My Cancellations
            </Link>
          </li>
          <li>
            <Link to="/orders?show=returned" className={subLink({ isActive: false })}>
              Returned Orders
            </Link>
          </li>
        </ul>
      </div>
      <div>
        <h2 className="font-medium">
          <Link to="/alerts" className="hover:text-brand">
            My Alerts
          </Link>
        </h2>
      </div>
      <div>
        <h2 className="font-medium">
          <Link to="/wishlist" className="hover:text-brand">
            Manage My Wishlist
          </Link>
        </h2>
      </div>
    </nav>
  );
}
