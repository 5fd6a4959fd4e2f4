import { cn } from '../../components/ui/cn';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { presetOf, presetPeriod, RECEIPTS_PRESETS, type ReceiptsPeriod } from './receipts-period';

/** The book's period: two days typed or picked, and the presets that fill both. */
export function ReceiptsPeriodFilter({
  period,
  today,
  error,
  onChange,
}: {
  period: ReceiptsPeriod;
  today: string;
  /** Why the typed period cannot be read (shown under the end date). */
  error: string | null;
  onChange: (period: ReceiptsPeriod) => void;
}) {
  const current = presetOf(period, today);
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Période du livre des recettes</legend>
      <div className="flex flex-wrap gap-2">
        {RECEIPTS_PRESETS.map((preset) => (
          <button
            key={preset.value}
            type="button"
            aria-pressed={current === preset.value}
            onClick={() => onChange(presetPeriod(preset.value, today))}
            className={cn(
              'inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              current === preset.value
                ? 'border-indigo-600 bg-indigo-50 text-indigo-800'
                : 'border-slate-300 bg-white text-slate-700 hover:border-indigo-300 hover:bg-indigo-50',
            )}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Du">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={period.debut}
              onChange={(event) => onChange({ ...period, debut: event.target.value })}
            />
          )}
        </Field>
        <Field label="Au" error={error ?? undefined}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={period.fin}
              onChange={(event) => onChange({ ...period, fin: event.target.value })}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
