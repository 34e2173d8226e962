import type { RevenueDay } from '@bazaar/shared/schemas/dashboard';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { compactRupees, formatCalendarDate } from '../lib/format';

const dayMonth = (date: string) => formatCalendarDate(date).slice(0, 5);

/**
 * Revenue per day as bars (recharts, loaded with the dashboard only). The
 * figures are also in the table beside it, for screen readers and keyboards;
 * the drawing itself is hidden from them.
 */
export default function RevenueChart({ days }: { days: RevenueDay[] }) {
  return (
    <div className="h-72 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e5e7eb" />
          <XAxis
            dataKey="date"
            tickFormatter={dayMonth}
            tick={{ fontSize: 12, fill: '#374151' }}
            minTickGap={12}
          />
          <YAxis
            tickFormatter={(value: number) => compactRupees(value)}
            tick={{ fontSize: 12, fill: '#374151' }}
            width={72}
          />
          <Tooltip
            formatter={(value) => [compactRupees(Number(value)), 'Revenue']}
            labelFormatter={(label) => formatCalendarDate(String(label))}
          />
          <Bar dataKey="revenue" fill="var(--color-brand-dark, #1d4ed8)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
