import type { Gstr1Query } from '@bazaar/shared/schemas/gst-report';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useExportGstr1 } from '../api/export-gstr1';

/** This month in India time, "2026-05". */
function thisMonth(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
}

/**
 * The GSTR-1 export: a month (or days from … to …, in India time) as one CSV of the return's tables
 * (B2B, B2CL, B2CS, CDNR, CDNUR, HSN) and their totals, from the tax invoices and credit notes issued.
 */
export function GstReportForm() {
  const exporter = useExportGstr1();
  const [by, setBy] = useState<'month' | 'days'>('month');
  const [month, setMonth] = useState(thisMonth);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const query: Gstr1Query = by === 'month' ? { month } : { from, to };
    try {
      await exporter.mutateAsync(query);
      notify.success('GSTR-1 report downloaded');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErrors(e.fields && Object.keys(e.fields).length > 0 ? e.fields : { month: e.message });
    }
  };
  return (
    <form onSubmit={submit} aria-label="GST report" className="mt-10 flex flex-col gap-4 rounded border p-6">
      <h2 className="text-lg font-medium">GST report (GSTR-1)</h2>
      <p className="text-sm text-gray-700">
        The figures a GSTR-1 return is filed from, as CSV: B2B invoices by GSTIN, large inter-state sales
        (B2CL), other consumer sales by state and rate (B2CS), credit notes (CDNR, CDNUR) and the HSN summary,
        from the tax invoices and credit notes issued in the period.
      </p>
      <fieldset className="flex gap-6 text-sm">
        <legend className="mb-1 text-gray-700">Period</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="gst-period" checked={by === 'month'} onChange={() => setBy('month')} />A
          month
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="gst-period" checked={by === 'days'} onChange={() => setBy('days')} />
          Days
        </label>
      </fieldset>
      {by === 'month' ? (
        <FormField
          label="Month"
          type="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          error={errors.month}
          required
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="First day"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            error={errors.from}
            required
          />
          <FormField
            label="Last day"
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            error={errors.to ?? errors.month}
            required
          />
        </div>
      )}
      <div>
        <Button type="submit" loading={exporter.isPending}>
          Download GSTR-1 CSV
        </Button>
      </div>
    </form>
  );
}
