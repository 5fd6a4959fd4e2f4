import { type WaitlistRequest, waitlistRequestSchema } from '@facturo/shared/public-forms';
import type { UpcomingFeature } from '@facturo/shared/public-pages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useHydrated } from '../../../lib/use-hydrated';
import { useWaitlistMutation, type WaitlistBody } from '../api';
import { describePublicFormError } from './error-message';
import { FormConfirmation } from './form-confirmation';

/** "Prévenez-moi": one address on one upcoming feature's list. */
export function WaitlistForm({ feature }: { feature: UpcomingFeature }) {
  const waitlist = useWaitlistMutation();
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);
  const form = useForm<WaitlistRequest, unknown, WaitlistBody>({
    resolver: zodResolver(waitlistRequestSchema),
    // The feature is not a field: it comes with the page, and travels with the address.
    defaultValues: { email: '', fonctionnalite: feature },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    if (waitlist.isPending) return;
    setError(null);
    waitlist.mutate(values, {
      onSuccess: (answer) => setJoined(answer.message),
      onError: (failure) => setError(describePublicFormError(failure)),
    });
  });

  if (joined !== null) return <FormConfirmation title="Inscription enregistrée" message={joined} />;

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-4 border-0 p-0">
        {error && <Alert variant="error">{error}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <Field
              label="Adresse email"
              error={errors.email?.message ?? errors.fonctionnalite?.message}
              hint="Nous l’utiliserons uniquement pour vous annoncer le lancement."
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="email"
                  placeholder="vous@exemple.fr"
                  required
                  {...form.register('email')}
                />
              )}
            </Field>
          </div>
          <Button type="submit" className="sm:mt-7" loading={waitlist.isPending}>
            {waitlist.isPending ? 'Inscription…' : 'Me prévenir'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
