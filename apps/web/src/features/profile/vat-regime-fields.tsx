import { DEBIT_OPTION_MENTION, FRANCHISE_TVA_MENTION, VAT_REGIME_LABELS } from '@facturo/shared';
import type { UseFormReturn } from 'react-hook-form';
import { Choice } from '../../components/ui/choice';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import type { CompanyFields, CompanyOutput } from './company-values';
import { FranchiseGauge } from './franchise-gauge';

/**
 * The VAT part of "Mon entreprise": the regime, the option on debits (réel only), the VAT number
 * (required to leave the franchise, checked as typed) and, below, the franchise gauge.
 */
export function VatRegimeFields({ form }: { form: UseFormReturn<CompanyFields, unknown, CompanyOutput> }) {
  const regime = form.watch('regimeTva');
  const error = form.formState.errors.tvaIntracommunautaire?.message;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">TVA</legend>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">Régime de TVA</legend>
        <Choice
          type="radio"
          value="franchise"
          label={VAT_REGIME_LABELS.franchise}
          description={`Vos factures portent la mention « ${FRANCHISE_TVA_MENTION} ».`}
          {...form.register('regimeTva')}
        />
        <Choice
          type="radio"
          value="reel"
          label={VAT_REGIME_LABELS.reel}
          description="Vous facturez la TVA : chaque ligne de facture porte son taux."
          {...form.register('regimeTva')}
        />
      </fieldset>
      {regime === 'reel' && (
        <Choice
          type="checkbox"
          label={DEBIT_OPTION_MENTION}
          description="Imprimée sur vos factures si vous avez choisi cette option auprès de votre service des impôts."
          {...form.register('optionDebits')}
        />
      )}
      <Field
        label="N° de TVA intracommunautaire"
        required={regime === 'reel'}
        error={error}
        hint={
          regime === 'reel'
            ? 'Obligatoire pour facturer la TVA. Un numéro français reprend votre SIREN, ex. FR40303265045.'
            : 'Sous la franchise, nécessaire seulement si vous vendez des prestations de services à des entreprises d’autres pays de l’Union : ces factures sont en autoliquidation (art. 283-2 du CGI) et doivent porter votre numéro, ex. FR40303265045. Demandez-le à votre service des impôts.'
        }
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            spellCheck={false}
            required={regime === 'reel'}
            className="sm:max-w-xs"
            {...form.register('tvaIntracommunautaire')}
          />
        )}
      </Field>
      <FranchiseGauge />
    </fieldset>
  );
}
