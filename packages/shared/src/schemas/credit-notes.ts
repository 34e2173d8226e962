import { z } from 'zod';

/** A credit note as the order pages list it; its PDF at `…/credit-notes/{_id}`. */
export const creditNoteSummarySchema = z
  .object({
    _id: z.string(),
    number: z.string(),
    invoiceNumber: z.string(),
    issuedAt: z.string(),
    /** Rupees, tax included. */
    amount: z.number(),
    reason: z.string(),
  })
  .meta({ id: 'CreditNoteSummary' });
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;

/** GET /orders/{id}/credit-notes and /admin/orders/{id}/credit-notes, oldest first. */
export const creditNoteListSchema = z.object({ creditNotes: z.array(creditNoteSummarySchema) });
export type CreditNoteList = z.infer<typeof creditNoteListSchema>;

export const creditNoteParamsSchema = z.object({ id: z.uuid(), creditNoteId: z.uuid() });
