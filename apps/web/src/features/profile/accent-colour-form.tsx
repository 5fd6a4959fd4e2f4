import type { User } from '@facturo/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useUpdateProfileMutation } from '../legal-mentions/api';
import { describeProfileSaveError } from '../legal-mentions/error-messages';
import {
  ACCENT_COLOUR_MESSAGE,
  ACCENT_COLOUR_PATTERN,
  DEFAULT_ACCENT_COLOUR,
  normalizeAccentColour,
} from './accent-colour';

const SERVER_FIELDS = ['couleurAccent'] as const;

/**
 * The accent colour of the invoices' headings and table header: a colour picker and its #RRGGBB code,
 * kept in step; an empty code keeps the default look.
 */
export function AccentColourForm({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const pickerId = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ couleurAccent: string }>({ defaultValues: { couleurAccent: user.couleurAccent } });
  const { errors } = form.formState;
  const typed = normalizeAccentColour(form.watch('couleurAccent'));
  const shown = ACCENT_COLOUR_PATTERN.test(typed) ? typed : DEFAULT_ACCENT_COLOUR;

  const save = (couleurAccent: string) => {
    setError(null);
    update.mutate(
      { couleurAccent },
      {
        onSuccess: (saved) => {
          toast.success(saved.couleurAccent ? 'Couleur enregistrée' : 'Couleur par défaut rétablie');
          form.reset({ couleurAccent: saved.couleurAccent });
        },
        onError: (failure) => {
          const described = describeProfileSaveError(failure, SERVER_FIELDS);
          if (described.field) form.setError(described.field, { message: described.message });
          else setError(described.message);
        },
      },
    );
  };

  return (
    <form
      onSubmit={form.handleSubmit(({ couleurAccent }) => save(normalizeAccentColour(couleurAccent)))}
      noValidate
      className="space-y-4"
    >
      {error && <Alert variant="error">{error}</Alert>}
      <div className="flex items-start gap-3">
        <div className="space-y-1.5">
          <label htmlFor={pickerId} className="block text-sm font-medium text-slate-800">
            Nuancier
          </label>
          <input
            id={pickerId}
            type="color"
            value={shown.toLowerCase()}
            onChange={(event) =>
              form.setValue('couleurAccent', event.target.value.toUpperCase(), {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            className="block h-10 w-16 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          />
        </div>
        <div className="min-w-0 flex-1 sm:max-w-xs">
          <Field
            label="Couleur d’accent"
            error={errors.couleurAccent?.message}
            hint="Code #RRGGBB, ex. #4F46E5. Vide : la couleur par défaut."
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                {...form.register('couleurAccent', {
                  validate: (value) => {
                    const colour = normalizeAccentColour(value);
                    return colour === '' || ACCENT_COLOUR_PATTERN.test(colour) || ACCENT_COLOUR_MESSAGE;
                  },
                })}
              />
            )}
          </Field>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {user.couleurAccent && (
          <Button variant="secondary" disabled={update.isPending} onClick={() => save('')}>
            Couleur par défaut
          </Button>
        )}
        <Button type="submit" loading={update.isPending}>
          Enregistrer la couleur
        </Button>
      </div>
    </form>
  );
}
