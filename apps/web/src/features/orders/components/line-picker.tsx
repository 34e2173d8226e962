import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, inputClasses } from '@/components/ui/form-field';

export interface PickableLine {
  orderItemId: string;
  name: string;
  colour: string | null;
  size: string | null;
  /** Units that can still be picked. */
  available: number;
}

export interface PickedLine {
  orderItemId: string;
  quantity: number;
  /** Returns only: why this line goes back. */
  reason?: string;
}

interface LinePickerProps {
  title: string;
  lines: readonly PickableLine[];
  /** `line`: a reason per picked line (returns); `one`: one reason for all (cancellations). */
  reasons: 'line' | 'one';
  submitLabel: string;
  busy: boolean;
  onSubmit(items: PickedLine[], reason: string): void;
  onClose(): void;
}

const variant = (l: PickableLine) => [l.colour, l.size].filter(Boolean).join(' · ');

/** Picks units of an order's lines (0 up to what is available each), with the reason(s) why. */
export function LinePicker({ title, lines, reasons, submitLabel, busy, onSubmit, onClose }: LinePickerProps) {
  const id = useId();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [lineReasons, setLineReasons] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const picked = lines.filter((l) => (quantities[l.orderItemId] ?? 0) > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(
      picked.map((l) => ({
        orderItemId: l.orderItemId,
        quantity: quantities[l.orderItemId]!,
        ...(reasons === 'line' ? { reason: (lineReasons[l.orderItemId] ?? '').trim() } : {}),
      })),
      reason.trim(),
    );
  };
  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      className="mt-4 rounded border border-gray-300 p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-medium">
        {title}
      </h2>
      <ul className="mt-3 divide-y divide-gray-100">
        {lines.map((line) => {
          const quantity = quantities[line.orderItemId] ?? 0;
          return (
            <li key={line.orderItemId} className="grid gap-2 py-3 sm:grid-cols-[1fr_8rem] sm:items-center">
              <span className="text-sm">
                {line.name}
                {variant(line) ? ` · ${variant(line)}` : ''}
                <span className="block text-gray-600">{line.available} can be chosen</span>
              </span>
              <label className="text-sm">
                <span className="sr-only">Quantity of {line.name}</span>
                <select
                  className={inputClasses}
                  value={quantity}
                  onChange={(e) =>
                    setQuantities({ ...quantities, [line.orderItemId]: Number(e.target.value) })
                  }
                >
                  {Array.from({ length: line.available + 1 }, (_, n) => n).map((n) => (
                    <option key={`units-${n}`} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              {reasons === 'line' && quantity > 0 ? (
                <FormField
                  className="sm:col-span-2"
                  label={`Why are you returning ${line.name}?`}
                  required
                  maxLength={200}
                  value={lineReasons[line.orderItemId] ?? ''}
                  onChange={(e) => setLineReasons({ ...lineReasons, [line.orderItemId]: e.target.value })}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {reasons === 'one' ? (
        <FormField
          label="Why are you cancelling?"
          required
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      ) : null}
      <div className="mt-4 flex gap-3">
        <Button type="submit" loading={busy} disabled={busy || picked.length === 0}>
          {submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
      </div>
    </form>
  );
}
