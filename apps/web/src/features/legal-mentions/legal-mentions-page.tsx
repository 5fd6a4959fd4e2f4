import { useSession } from '../../lib/session';
import { NotificationPrefsSection } from '../notifications/notification-prefs-section';
import { DeleteAccountSection } from '../profile/delete-account-section';
import { MessageNotificationsSection } from '../profile/message-notifications-section';
import { ProfilePage } from '../profile/profile-page';
import { ProfileSection } from '../profile/profile-section';
import { BecomeProPanel } from './become-pro-panel';
import { IssuerProfileForm } from './issuer-profile-form';

/**
 * /mentions-legales (any signed-in user, SPEC §2). A professional finds their whole profile here, the
 * legal mentions among its sections (the same page as /profil). A particulier (SPEC §5: professional-only
 * screens send them here) gets the way to professional mode and their name and address.
 */
export function LegalMentionsPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.role === 'professionnel') return <ProfilePage />;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Mentions légales · Facturo</title>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Mentions légales</h1>
        <p className="mt-1 text-sm text-slate-600">
          Vos informations, et le passage en mode professionnel pour émettre des factures.
        </p>
      </header>
      <BecomeProPanel />
      <ProfileSection
        id="emetteur"
        title="Informations de l'émetteur"
        description="Vos nom et adresse, imprimés sur vos factures une fois en mode professionnel."
      >
        <IssuerProfileForm user={user} />
      </ProfileSection>
      <MessageNotificationsSection user={user} />
      <NotificationPrefsSection />
      <DeleteAccountSection />
    </div>
  );
}
