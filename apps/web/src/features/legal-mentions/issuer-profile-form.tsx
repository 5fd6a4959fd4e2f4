import { formatSiretInput, type User, updateProfileRequestSchema } from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { SiretField } from '../../components/siret-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useUpdateProfileMutation } from './api';
import { describeProfileSaveError } from './error-messages';

/**
 * Every field of the section is sent; a blank SIRET becomes null, which the server refuses to a professional.
 * The profile's other fields (payment details, colour) belong to other sections and are left as they are.
 */
const profileFormSchema = updateProfileRequestSchema
  .pick({ prenom: true, nom: true, adresse: true, codePostal: true, ville: true, siret: true })
  .required();
type ProfileFields = z.input<typeof profileFormSchema>;
type ProfileOutput = z.output<typeof profileFormSchema>;

function profileValues(user: User): ProfileFields {
  return {
    prenom: user.prenom,
    nom: user.nom,
    adresse: user.adresse,
    codePostal: user.codePostal,
    ville: user.ville,
    siret: user.siret ? formatSiretInput(user.siret) : '',
  };
}

/**
 * "Informations de l'émetteur": who the invoices say they are from (PUT /users/me). A particulier's SIRET
 * is asked by the "Passer en mode Pro" panel instead, so this form leaves it out for them.
 */
export function IssuerProfileForm({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const [error, setError] = useState<string | null>(null);
  const withSiret = user.role === 'professionnel';
  const form = useForm<ProfileFields, unknown, ProfileOutput>({
    // Shared rules: names required, postal code shape, SIRET of 14 digits (SPEC §5 wording).
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileValues(user),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ siret, ...identity }) => {
    setError(null);
    update.mutate(withSiret ? { ...identity, siret } : identity, {
      onSuccess: (saved) => {
        toast.success('Informations enregistrées');
        form.reset(profileValues(saved));
      },
      onError: (failure) => {
        const described = describeProfileSaveError(failure);
        if (described.field && withSiret) form.setError(described.field, { message: described.message });
        else setError(described.message);
      },
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
      {withSiret && (
        <SiretField
          control={form.control}
          name="siret"
          label="Numéro SIRET"
          hint="14 chiffres, imprimés sur vos factures"
          error={errors.siret?.message}
          required
          markRequired
        />
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}
