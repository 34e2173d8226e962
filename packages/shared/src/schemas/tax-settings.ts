import { z } from 'zod';
import { checkGstin, normaliseGstin } from '../gst/gstin';
import { isStateCode, stateName } from '../india/states';

// The shop's tax mode: the spec's flat line added at checkout, or GST with prices that include it.

export const TAX_MODES = ['flat', 'gst'] as const;
export type TaxModeName = (typeof TAX_MODES)[number];

export const TAX_MODE_LABELS: Record<TaxModeName, string> = {
  flat: 'Flat rate added at checkout',
  gst: 'GST, prices include tax',
};

/** PUT /admin/settings/tax. In GST mode the GSTIN is required, and its first two digits are the shop's state. */
export const taxSettingsBodySchema = z
  .object({
    taxMode: z.enum(TAX_MODES, 'Choose a tax mode'),
    gstin: z.string().trim().max(20).nullish(),
    /** The shop's state; optional, as the GSTIN names it, but when given it must agree. */
    stateCode: z.string().nullish(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.taxMode !== 'gst' && !b.gstin) return;
    if (!b.gstin) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'GST mode needs the shop’s GSTIN' });
      return;
    }
    const checked = checkGstin(b.gstin);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: checked.message });
      return;
    }
    if (b.stateCode && b.stateCode !== checked.stateCode) {
      const chosen = isStateCode(b.stateCode) ? stateName(b.stateCode) : b.stateCode;
      ctx.addIssue({
        code: 'custom',
        path: ['stateCode'],
        message: `This GSTIN is registered in ${stateName(checked.stateCode)}, not ${chosen}`,
      });
    }
  })
  .transform((b) => ({
    taxMode: b.taxMode,
    gstin: b.gstin ? normaliseGstin(b.gstin) : null,
  }));
export type TaxSettingsBody = z.input<typeof taxSettingsBodySchema>;
export type TaxSettingsInput = z.output<typeof taxSettingsBodySchema>;

export const taxSettingsReplySchema = z
  .object({
    taxMode: z.enum(TAX_MODES),
    gstin: z.string().nullable(),
    stateCode: z.string().nullable(),
    state: z.string().nullable(),
  })
  .meta({ id: 'TaxSettings' });
export type TaxSettingsReply = z.infer<typeof taxSettingsReplySchema>;

/** A tax row a cart, checkout or order shows: "Tax (10%)", or "incl. GST" and its split. Rupees. */
export const taxLineSchema = z.object({ label: z.string(), amount: z.number() });
export type TaxLine = z.infer<typeof taxLineSchema>;
