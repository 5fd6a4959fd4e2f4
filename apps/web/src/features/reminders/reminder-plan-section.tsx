import {
  DEFAULT_REMINDER_STEPS,
  REMINDER_STEP_LABELS,
  REMINDER_VARIABLE_LABELS,
  REMINDER_VARIABLES,
  type ReminderPlan,
  type ReminderPlanInput,
  type ReminderStepKey,
  reminderPlanInputSchema,
} from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Choice } from '../../components/ui/choice';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { Textarea } from '../../components/ui/textarea';
import { ProfileSection } from '../profile/profile-section';
import { profileSectionTitle } from '../profile/profile-sections';
import { reminderErrorMessage, reminderPlanQueryOptions, useSaveReminderPlanMutation } from './api';

const SAVE_ERROR = 'Erreur lors de l’enregistrement des relances';

const formValues = (plan: ReminderPlan): ReminderPlanInput => ({
  actif: plan.actif,
  etapes: plan.etapes.map(({ cle, actif, objet, corps }) => ({ cle, actif, objet, corps })),
});

/** The variables the texts may use, each with what it becomes. */
function VariablesHint() {
  return (
    <p>
      Variables possibles :{' '}
      {REMINDER_VARIABLES.map((v, i) => (
        <span key={v}>
          {i > 0 && ', '}
          <code className="rounded bg-slate-100 px-1 text-slate-800">{`{${v}}`}</code> (
          {REMINDER_VARIABLE_LABELS[v]})
        </span>
      ))}
      .
    </p>
  );
}

/**
 * Issue 17: the professional's reminder plan in the profile (#relances): the whole plan and each step
 * on or off, each step's French subject and message, « Rétablir les textes par défaut ».
 */
export function ReminderPlanSection() {
  const plan = useQuery(reminderPlanQueryOptions());
  return (
    <ProfileSection
      id="relances"
      title={profileSectionTitle('relances')}
      description="Facturo relance vos clients par e-mail, la facture jointe, tant qu’elle n’est pas payée. Ils vous répondent directement."
    >
      {plan.isPending ? (
        <LoadingStatus>Chargement des relances...</LoadingStatus>
      ) : plan.isError ? (
        <LoadError message="Erreur lors du chargement des relances" query={plan} />
      ) : (
        <ReminderPlanForm plan={plan.data} />
      )}
    </ProfileSection>
  );
}

function ReminderPlanForm({ plan }: { plan: ReminderPlan }) {
  const save = useSaveReminderPlanMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReminderPlanInput>({
    resolver: zodResolver(reminderPlanInputSchema),
    defaultValues: formValues(plan),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success('Relances enregistrées');
        form.reset(formValues(saved));
      },
      onError: (error) => setFailure(reminderErrorMessage(error, SAVE_ERROR)),
    });
  });

  function restoreTexts() {
    plan.etapes.forEach((step, index) => {
      const fallback = DEFAULT_REMINDER_STEPS.find((d) => d.cle === step.cle);
      if (!fallback) return;
      form.setValue(`etapes.${index}.objet`, fallback.objet, { shouldDirty: true, shouldValidate: true });
      form.setValue(`etapes.${index}.corps`, fallback.corps, { shouldDirty: true, shouldValidate: true });
    });
    toast.info('Textes par défaut rétablis : enregistrez pour les garder.');
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure && <Alert variant="error">{failure}</Alert>}
      <Choice
        type="checkbox"
        label="Relancer automatiquement mes clients"
        description="Les factures envoyées et non payées, aux étapes cochées ci-dessous."
        {...form.register('actif')}
      />
      <ul className="space-y-3">
        {plan.etapes.map((step, index) => {
          const stepErrors = errors.etapes?.[index];
          return (
            <li key={step.cle} className="rounded-lg border border-slate-200 p-3 sm:p-4">
              <Choice
                type="checkbox"
                label={REMINDER_STEP_LABELS[step.cle as ReminderStepKey]}
                {...form.register(`etapes.${index}.actif`)}
              />
              <details className="mt-2" open={Boolean(stepErrors)}>
                <summary className="cursor-pointer rounded text-sm font-medium text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
                  Modifier le texte ({REMINDER_STEP_LABELS[step.cle as ReminderStepKey]})
                </summary>
                <div className="mt-3 space-y-3">
                  <Field label="Objet" error={stepErrors?.objet?.message}>
                    {(control) => <Input {...control} {...form.register(`etapes.${index}.objet`)} />}
                  </Field>
                  <Field label="Message" error={stepErrors?.corps?.message}>
                    {(control) => (
                      <Textarea {...control} rows={9} {...form.register(`etapes.${index}.corps`)} />
                    )}
                  </Field>
                </div>
              </details>
            </li>
          );
        })}
      </ul>
      <div className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <VariablesHint />
        <p>
          Après l’échéance, l’e-mail indique aussi les pénalités de retard dues (trois fois le taux de
          l’intérêt légal) et, pour un client professionnel, l’indemnité forfaitaire de recouvrement de 40 €.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={restoreTexts}>
          Rétablir les textes par défaut
        </Button>
        <Button type="submit" loading={save.isPending}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}
