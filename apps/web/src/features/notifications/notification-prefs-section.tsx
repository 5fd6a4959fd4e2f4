import {
  isEmailedKind,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type ResolvedNotificationPrefs,
} from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Choice } from '../../components/ui/choice';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { describeProfileSaveError } from '../legal-mentions/error-messages';
import { ProfileSection } from '../profile/profile-section';
import { profileSectionTitle } from '../profile/profile-sections';
import { notificationPrefsQueryOptions, useSaveNotificationPrefsMutation } from './api';

/**
 * Issue 17: per kind of notification, whether it shows in the bell and, for the kinds that have one,
 * whether it is e-mailed. Saved as soon as a box changes; the box goes back if the server refused.
 */
export function NotificationPrefsSection() {
  const prefs = useQuery(notificationPrefsQueryOptions());
  return (
    <ProfileSection
      id="alertes"
      title={profileSectionTitle('alertes')}
      description="Ce que le centre de notifications vous signale, et ce qui vous est aussi envoyé par e-mail."
    >
      {prefs.isPending ? (
        <LoadingStatus>Chargement de vos choix…</LoadingStatus>
      ) : prefs.isError ? (
        <LoadError message="Impossible de charger vos choix de notifications." query={prefs} />
      ) : (
        <PrefsForm prefs={prefs.data} />
      )}
    </ProfileSection>
  );
}

/** The bell for every kind; e-mail only for the kinds that have one. */
const CHANNELS = [
  { id: 'app', label: "Dans l'application" },
  { id: 'email', label: 'Par e-mail' },
] as const;

function PrefsForm({ prefs: saved }: { prefs: ResolvedNotificationPrefs }) {
  const save = useSaveNotificationPrefsMutation();
  // The boxes show a choice at once; the saved choices come back if the server refused it.
  const [prefs, setPrefs] = useState(saved);

  async function change(kind: NotificationKind, channel: 'app' | 'email', value: boolean) {
    const next = { ...prefs, [kind]: { ...prefs[kind], [channel]: value } };
    setPrefs(next);
    try {
      setPrefs(await save.mutateAsync(next));
      toast.success('Préférence enregistrée');
    } catch (failure) {
      setPrefs(prefs);
      toast.error(describeProfileSaveError(failure).message);
    }
  }

  return (
    <ul className="divide-y divide-slate-100">
      {NOTIFICATION_KINDS.map((kind) => (
        <li key={kind} className="py-3 first:pt-0 last:pb-0">
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">{NOTIFICATION_KIND_LABELS[kind]}</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {CHANNELS.filter((channel) => channel.id === 'app' || isEmailedKind(kind)).map((channel) => (
                <Choice
                  key={channel.id}
                  type="checkbox"
                  checked={prefs[kind][channel.id]}
                  disabled={save.isPending}
                  onChange={(event) => void change(kind, channel.id, event.target.checked)}
                  label={channel.label}
                />
              ))}
            </div>
          </fieldset>
        </li>
      ))}
    </ul>
  );
}
