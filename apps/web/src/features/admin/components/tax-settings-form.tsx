import { TAX_MODE_LABELS, TAX_MODES, type TaxModeName } from '@bazaar/shared/schemas/tax-settings';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useTaxSettings, useUpdateTaxSettings } from '../api/tax-settings';

/** The shop's tax mode: the spec's flat line added at checkout, or GST with the shop's GSTIN. */
export function TaxSettingsForm() {
  const current = useTaxSettings();
  const update = useUpdateTaxSettings();
  const [mode, setMode] = useState<TaxModeName>('flat');
  const [gstin, setGstin] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!current.data) return;
    setMode(current.data.taxMode);
    setGstin(current.data.gstin ?? '');
  }, [current.data]);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({ taxMode: mode, gstin: gstin.trim() || null });
      notify.success('Tax settings saved');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.fields?.gstin ?? e.fields?.stateCode ?? e.message);
    }
  };
  return (
    <form onSubmit={save} aria-label="Tax" className="mt-10 flex flex-col gap-4 rounded border p-6">
      <h2 className="text-lg font-medium">Tax</h2>
      <fieldset className="flex flex-col gap-2 text-sm">
        <legend className="mb-1 text-gray-700">Tax mode</legend>
        {TAX_MODES.map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input type="radio" name="tax-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            {TAX_MODE_LABELS[m]}
          </label>
        ))}
      </fieldset>
      <FormField
        label={mode === 'gst' ? 'GSTIN*' : 'GSTIN'}
        value={gstin}
        maxLength={15}
        onChange={(e) => setGstin(e.target.value)}
        error={error ?? undefined}
        hint={
          current.data?.state ? `Registered in ${current.data.state}` : 'The first two digits are your state'
        }
      />
      <p className="text-xs text-gray-600">Orders already placed keep the tax they were placed with.</p>
      <Button type="submit" className="self-start" loading={update.isPending}>
        Save tax settings
      </Button>
    </form>
  );
}
