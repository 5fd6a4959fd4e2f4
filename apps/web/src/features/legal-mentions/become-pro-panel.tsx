import { legalMentionsInputSchema } from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { SiretField } from '../../components/siret-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useUpdateProfileMutation } from './api';
import { describeProfileSaveError } from './error-messages';

/** The shared SIRET rule of the mentions, made required: here the SIRET is the whole point. */
const becomeProSchema = legalMentionsInputSchema.pick({ siret: true }).required();

/**
 * "Passer en mode Pro" (SPEC §1, DESIGN §6): a particulier becomes professionnel by saving a valid SIRET.
 * The session is updated by the mutation, so the sidebar shows Clients and /clients opens right away.
 */
export function BecomeProPanel() {
  const update = useUpdateProfileMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof becomeProSchema>, unknown, z.output<typeof becomeProSchema>>({
    resolver: zodResolver(becomeProSchema),
    defaultValues: { siret: '' },
  });

  const onSubmit = form.handleSubmit(async ({ siret }) => {
    setError(null);
    try {
      // mutateAsync, not mutate's callbacks: the new role unmounts this panel before they would run.
      await update.mutateAsync({ siret });
      toast.success('Votre compte est maintenant professionnel', {
        description: 'Vous pouvez gérer vos clients et créer vos factures.',
      });
    } catch (failure) {
      const described = describeProfileSaveError(failure);
      if (described.field) form.setError('siret', { message: described.message });
      else setError(described.message);
    }
  });

  return (
    <section
      aria-labelledby="passer-pro-titre"
      className="rounded-xl border border-indigo-200 bg-indigo-50 p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white"
        >
          <Sparkles className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h2 id="passer-pro-titre" className="text-lg font-semibold text-slate-900">
            Passer en mode Pro
          </h2>
          <p className="text-sm text-slate-700">
            Vous êtes micro-entrepreneur ou freelance ? Saisissez votre numéro SIRET : votre compte devient un
            compte professionnel et vous pourrez gérer vos clients, créer et envoyer vos factures. Vos
            factures reçues restent accessibles.
          </p>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        {error && <Alert variant="error">{error}</Alert>}
        <SiretField
          control={form.control}
          name="siret"
          label="Numéro SIRET"
          hint="14 chiffres, par exemple 123 456 782 00010"
          error={form.formState.errors.siret?.message}
          required
          className="bg-white sm:max-w-xs"
        />
        <Button type="submit" loading={update.isPending}>
          Passer en mode professionnel
        </Button>
      </form>
    </section>
  );
}
