import {
  ACCENT_COLOR_MESSAGE,
  DEFAULT_ACCENT_COLOR,
  isValidAccentColor,
  normalizeAccentColor,
  type User,
} from '@facturo/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useUpdateProfileMutation } from '../legal-mentions/api';
import { describeProfileSaveError } from '../legal-mentions/error-messages';

const SERVER_FIELDS = ['couleurAccent'] as const;

/**
 * The accent colour of the invoices' headings and table header: a colour picker and its #RRGGBB code,
 * kept in step, checked with the shared rule; "Couleur par défaut" goes back to the product's colour.
 */
export function AccentColourForm({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const pickerId = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ couleurAccent: string }>({ defaultValues: { couleurAccent: user.couleurAccent } });
  const { errors } = form.formState;
  const typed = form.watch('couleurAccent').trim();
  // The picker shows the code while it is one, else the colour saved.
  const shown = isValidAccentColor(typed) ? typed : user.couleurAccent || DEFAULT_ACCENT_COLOR;

  const save = (couleurAccent: string) => {
    setError(null);
    update.mutate(
      { couleurAccent },
      {
        onSuccess: (saved) => {
          toast.success(
            saved.couleurAccent === DEFAULT_ACCENT_COLOR
              ? 'Couleur par défaut rétablie'
              : 'Couleur enregistrée',
          );
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
      onSubmit={form.handleSubmit(({ couleurAccent }) => save(normalizeAccentColor(couleurAccent.trim())))}
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
              form.setValue('couleurAccent', normalizeAccentColor(event.target.value), {
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
            hint={`Code #RRGGBB, ex. #0E7490. Par défaut : ${DEFAULT_ACCENT_COLOR}.`}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                {...form.register('couleurAccent', {
                  validate: (value) => isValidAccentColor(value.trim()) || ACCENT_COLOR_MESSAGE,
                })}
              />
            )}
          </Field>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {user.couleurAccent !== DEFAULT_ACCENT_COLOR && (
          <Button variant="secondary" disabled={update.isPending} onClick={() => save(DEFAULT_ACCENT_COLOR)}>
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
