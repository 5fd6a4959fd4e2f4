import { UNREAD_EMAIL_DELAY_MINUTES, type User } from '@facturo/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Choice } from '../../components/ui/choice';
import { useUpdateProfileMutation } from '../legal-mentions/api';
import { describeProfileSaveError } from '../legal-mentions/error-messages';
import { ProfileSection } from './profile-section';

/**
 * The opt-out of the unread-messages e-mail (issue 14), saved as soon as it is ticked or unticked; the
 * box shows the choice at once and goes back if the server refused it.
 */
export function MessageNotificationsSection({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const [checked, setChecked] = useState(user.notifierMessagesParEmail);

  async function change(next: boolean) {
    setChecked(next);
    try {
      await update.mutateAsync({ notifierMessagesParEmail: next });
      toast.success('Préférence enregistrée');
    } catch (failure) {
      setChecked(!next);
      toast.error(describeProfileSaveError(failure).message);
    }
  }

  return (
    <ProfileSection
      id="notifications"
      title="Notifications"
      description="Ce que Facturo vous envoie par e-mail."
    >
      <Choice
        type="checkbox"
        checked={checked}
        disabled={update.isPending}
        onChange={(event) => void change(event.target.checked)}
        label="M'avertir par e-mail des messages non lus"
        description={`Un e-mail par conversation quand un message reste non lu ${UNREAD_EMAIL_DELAY_MINUTES} minutes.`}
      />
    </ProfileSection>
  );
}
