import { PASSWORD_RULES } from '@facturo/shared';
import { Check, X } from 'lucide-react';
import { cn } from '../../components/ui/cn';

/**
 * Live view of the shared password rules (SPEC §5). Polite live region so screen readers hear a rule
 * flip without being interrupted on every keystroke.
 */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <div>
      <p className="mb-1 text-slate-700">Votre mot de passe doit contenir :</p>
      <ul aria-live="polite" className="space-y-0.5">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          const Icon = met ? Check : X;
          return (
            <li
              key={rule.id}
              className={cn('flex items-start gap-1.5', met ? 'text-emerald-700' : 'text-slate-600')}
            >
              <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {rule.label}
                <span className="sr-only">{met ? ' : respecté' : ' : non respecté'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
