import { countryOptions } from '@facturo/shared';
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { InvoiceDraft } from './draft';

/** Step 2: when the goods were delivered or the service done (BT-72), and where, when not at the client's. */
export function DeliveryFields({ form }: { form: UseFormReturn<InvoiceDraft> }) {
  const different = form.watch('livraisonDifferente');
  const countries = useMemo(countryOptions, []);
  return (
    <div className="space-y-3">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Date de livraison / d’exécution" required>
          {(control) => <Input {...control} type="date" required {...form.register('dateLivraison')} />}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-400 accent-indigo-600"
          {...form.register('livraisonDifferente')}
        />
        Adresse de livraison différente
      </label>
      {different && (
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Adresse de livraison</legend>
          <Field label="Rue de livraison" required>
            {(control) => (
              <Input {...control} required autoComplete="off" {...form.register('adresseLivraison.rue')} />
            )}
          </Field>
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <Field label="Code postal de livraison" required>
              {(control) => (
                <Input
                  {...control}
                  required
                  autoComplete="off"
                  {...form.register('adresseLivraison.codePostal')}
                />
              )}
            </Field>
            <Field label="Ville de livraison" required>
              {(control) => (
                <Input
                  {...control}
                  required
                  autoComplete="off"
                  {...form.register('adresseLivraison.ville')}
                />
              )}
            </Field>
          </div>
          <Field label="Pays de livraison">
            {(control) => (
              <Select {...control} {...form.register('adresseLivraison.pays')}>
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.nom}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </fieldset>
      )}
    </div>
  );
}
