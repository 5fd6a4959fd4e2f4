import { URSSAF_ACTIVITIES, URSSAF_ACTIVITY_LABELS, type UrssafActivity } from '@facturo/shared';
import { toast } from 'sonner';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { useUrssafActivityMutation } from './api';

/** The activity declared (kept on the account as soon as it is chosen: it sets the contribution rate). */
export function UrssafActivitySelect({ activity }: { activity: UrssafActivity | null }) {
  const save = useUrssafActivityMutation();
  return (
    <Field
      label="Activité"
      error={save.isError ? save.error.message : undefined}
      hint="Elle fixe le taux de cotisation du régime micro-social."
    >
      {(control) => (
        <Select
          {...control}
          value={save.isPending ? save.variables : (activity ?? '')}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(event.target.value as UrssafActivity, {
              onSuccess: () => toast.success('Activité enregistrée'),
            })
          }
        >
          {activity === null && (
            <option value="" disabled>
              Choisissez votre activité
            </option>
          )}
          {URSSAF_ACTIVITIES.map((option) => (
            <option key={option} value={option}>
              {URSSAF_ACTIVITY_LABELS[option]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
