import type { ReactNode } from 'react';

/** One figure on a card (Total Users, Total Admins, …), with an optional link below it. */
export function SummaryCard({
  label,
  value,
  children,
}: {
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <p className="text-sm text-gray-700">{label}</p>
      <p className="mt-1 text-3xl font-semibold">{value}</p>
      {children ? <div className="mt-3 text-sm">{children}</div> : null}
    </div>
  );
}
