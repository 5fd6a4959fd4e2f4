import { Check } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { LAST_STEP, WIZARD_STEPS, type WizardStep } from './draft';

/**
 * "Étape n sur 5" and the five step names. The current one is marked aria-current="step"; on phones
 * only the sentence and a progress bar are shown, the names take too much room.
 */
export function WizardStepper({ step }: { step: WizardStep }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">
        Étape {step} sur {LAST_STEP}
        <span className="text-slate-600 sm:hidden"> · {WIZARD_STEPS[step - 1]}</span>
      </p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 sm:hidden" aria-hidden="true">
        <div
          className="h-full rounded-full bg-indigo-600"
          style={{ width: `${(step / LAST_STEP) * 100}%` }}
        />
      </div>
      <ol className="mt-3 hidden gap-2 sm:flex">
        {WIZARD_STEPS.map((name, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li
              key={name}
              aria-current={current ? 'step' : undefined}
              className="flex min-w-0 flex-1 flex-col gap-1.5 text-xs"
            >
              <span
                className={cn('h-1.5 rounded-full', done || current ? 'bg-indigo-600' : 'bg-slate-200')}
                aria-hidden="true"
              />
              <span
                className={cn(
                  'flex items-center gap-1 truncate',
                  current ? 'font-semibold text-indigo-700' : done ? 'text-slate-700' : 'text-slate-600',
                )}
              >
                {done && <Check className="size-3.5 shrink-0" aria-hidden="true" />}
                {number}. {name}
                {done && <span className="sr-only"> (terminée)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
