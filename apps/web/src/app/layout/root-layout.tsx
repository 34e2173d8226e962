import { Outlet, ScrollRestoration } from 'react-router';

/** Banner, header, page and footer; the shell issue fills in each part. */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <main className="flex-1">
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
