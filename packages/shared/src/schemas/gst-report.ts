import { z } from 'zod';
import { gstr1Days, gstr1Month } from '../gst/gstr1';

const valid = (check: () => unknown) => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

/**
 * GET /admin/reports/gstr1.csv: a calendar month (`month=2026-04`), or days from `from` to `to`
 * (both included), in India time.
 */
export const gstr1QuerySchema = z
  .object({
    month: z
      .string()
      .refine((m) => valid(() => gstr1Month(m)), 'Choose a month, written YYYY-MM')
      .optional(),
    from: z
      .string()
      .refine((d) => valid(() => gstr1Days(d, d)), 'Choose a first day, written YYYY-MM-DD')
      .optional(),
    to: z
      .string()
      .refine((d) => valid(() => gstr1Days(d, d)), 'Choose a last day, written YYYY-MM-DD')
      .optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.month !== undefined) {
      if (q.from !== undefined || q.to !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['month'], message: 'Choose a month or days, not both' });
      }
      return;
    }
    if (q.from === undefined || q.to === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [q.from === undefined ? 'from' : 'to'],
        message: 'Choose a month, or a first and a last day',
      });
      return;
    }
    if (q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first' });
    } else if (Date.parse(q.to) - Date.parse(q.from) > 366 * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A report covers at most a year' });
    }
  });
export type Gstr1Query = z.infer<typeof gstr1QuerySchema>;

/** The period a query names, as [starts, ends) instants, with its label ("2026-04", "2026-04-01_2026-06-30"). */
export function gstr1Period(q: Gstr1Query): { starts: Date; ends: Date; label: string } {
  if (q.month) return { ...gstr1Month(q.month), label: q.month };
  return { ...gstr1Days(q.from!, q.to!), label: `${q.from}_${q.to}` };
}
