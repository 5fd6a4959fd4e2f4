import { isCalendarDay } from '@facturo/shared';
import { useState } from 'react';
import { cn } from '../../components/ui/cn';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import {
  PURCHASE_PRESET_LABELS,
  type PurchasePeriod,
  type PurchasePreset,
  presetOf,
  presetPeriod,
} from './purchases-period';

interface PurchasesPeriodFilterProps {
  period: PurchasePeriod;
  onChange: (period: PurchasePeriod) => void;
}

/**
 * The register's period: three presets, or two days typed. A day is only taken once it is whole and the
 * period runs forward; until then the field keeps what is typed and the list stays as it was.
 */
export function PurchasesPeriodFilter({ period, onChange }: PurchasesPeriodFilterProps) {
  const [draft, setDraft] = useState(period);
  const pressed = presetOf(period);
  const reversed = isCalendarDay(draft.debut) && isCalendarDay(draft.fin) && draft.debut > draft.fin;

  function change(next: PurchasePeriod) {
    setDraft(next);
    if (isCalendarDay(next.debut) && isCalendarDay(next.fin) && next.debut <= next.fin) onChange(next);
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Période</legend>
        {(Object.keys(PURCHASE_PRESET_LABELS) as PurchasePreset[]).map((preset) => (
          <button
            key={preset}
            type="button"
            aria-pressed={pressed === preset}
            onClick={() => change(presetPeriod(preset))}
            className={cn(
              'h-8 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              pressed === preset
                ? 'border-indigo-600 bg-indigo-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {PURCHASE_PRESET_LABELS[preset]}
          </button>
        ))}
      </fieldset>
      <div className="grid grid-cols-2 gap-3 sm:w-80">
        <Field label="Du" error={reversed ? 'La date de début est après la date de fin.' : undefined}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={draft.debut}
              onChange={(e) => change({ ...draft, debut: e.target.value })}
            />
          )}
        </Field>
        <Field label="Au">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={draft.fin}
              onChange={(e) => change({ ...draft, fin: e.target.value })}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
