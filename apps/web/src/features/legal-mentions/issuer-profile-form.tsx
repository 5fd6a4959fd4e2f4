import { type User, updateProfileRequestSchema } from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useUpdateProfileMutation } from './api';
import { describeProfileSaveError } from './error-messages';

/** The particulier's name and address; their SIRET is asked by the "Passer en mode Pro" panel. */
const identityFormSchema = updateProfileRequestSchema
  .pick({ prenom: true, nom: true, adresse: true, codePostal: true, ville: true })
  .required();
type IdentityFields = z.input<typeof identityFormSchema>;
type IdentityOutput = z.output<typeof identityFormSchema>;

function identityValues(user: User): IdentityFields {
  return {
    prenom: user.prenom,
    nom: user.nom,
    adresse: user.adresse,
    codePostal: user.codePostal,
    ville: user.ville,
  };
}

/**
 * "Informations de l'émetteur" of a particulier (PUT /users/me): who their invoices will say they are
 * from once professional. A professional edits the same in "Mon entreprise" (features/profile).
 */
export function IssuerProfileForm({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<IdentityFields, unknown, IdentityOutput>({
    // Shared rules: names required, postal code shape.
    resolver: zodResolver(identityFormSchema),
    defaultValues: identityValues(user),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((identity) => {
    setError(null);
    update.mutate(identity, {
      onSuccess: (saved) => {
        toast.success('Informations enregistrées');
        form.reset(identityValues(saved));
      },
      onError: (failure) => setError(describeProfileSaveError(failure).message),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert variant="error">{error}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Prénom" required error={errors.prenom?.message}>
          {(control) => (
            <Input {...control} autoComplete="given-name" required {...form.register('prenom')} />
          )}
        </Field>
        <Field label="Nom" required error={errors.nom?.message}>
          {(control) => <Input {...control} autoComplete="family-name" required {...form.register('nom')} />}
        </Field>
      </div>
      <Field label="Adresse" error={errors.adresse?.message}>
        {(control) => <Input {...control} autoComplete="street-address" {...form.register('adresse')} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
        <Field label="Code postal" error={errors.codePostal?.message}>
          {(control) => <Input {...control} autoComplete="postal-code" {...form.register('codePostal')} />}
        </Field>
        <Field label="Ville" error={errors.ville?.message}>
          {(control) => <Input {...control} autoComplete="address-level2" {...form.register('ville')} />}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}
