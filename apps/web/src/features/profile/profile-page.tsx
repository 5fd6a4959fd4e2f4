import type { User } from '@facturo/shared';
import { useSession } from '../../lib/session';
import { ArchiveProfile } from '../account-archive/archive-profile';
import { LegalMentionsForm } from '../legal-mentions/legal-mentions-form';
import { NotificationPrefsSection } from '../notifications/notification-prefs-section';
import { ReminderPlanSection } from '../reminders/reminder-plan-section';
import { AccentColourForm } from './accent-colour-form';
import { CompanyForm } from './company-form';
import { DeleteAccountSection } from './delete-account-section';
import { LogoField } from './logo-field';
import { MessageNotificationsSection } from './message-notifications-section';
import { PaymentForm } from './payment-form';
import { ProfileSection } from './profile-section';
import { PROFILE_SECTIONS, profileSectionTitle } from './profile-sections';

/** Links to the sections below: one tab stop each, the page's own table of contents. */
function SectionNav() {
  return (
    <nav aria-label="Sections du profil">
      <ul className="flex flex-wrap gap-2">
        {PROFILE_SECTIONS.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="inline-flex h-8 items-center rounded-full border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Sections({ user }: { user: User }) {
  return (
    <>
      <ProfileSection
        id="entreprise"
        title={profileSectionTitle('entreprise')}
        description="Qui émet vos factures : identité, adresse, SIRET, TVA, immatriculation et assurance."
      >
        <CompanyForm user={user} />
      </ProfileSection>
      <ProfileSection
        id="paiement"
        title={profileSectionTitle('paiement')}
        description="Vos coordonnées bancaires, pour que vos clients vous paient par virement."
      >
        <PaymentForm user={user} />
      </ProfileSection>
      <ProfileSection
        id="apparence"
        title={profileSectionTitle('apparence')}
        description="Votre logo en tête de vos factures, et la couleur de leurs titres."
      >
        <div className="space-y-8">
          <div className="space-y-3">
            <h3 className="text-base font-semibold text-slate-900">Logo</h3>
            <LogoField hasLogo={user.aUnLogo} />
          </div>
          <div className="space-y-3 border-t border-slate-200 pt-6">
            <h3 className="text-base font-semibold text-slate-900">Couleur</h3>
            <AccentColourForm user={user} />
          </div>
        </div>
      </ProfileSection>
      <ProfileSection
        id="mentions-legales"
        title={profileSectionTitle('mentions-legales')}
        description="Conditions de paiement, pénalités de retard et autres mentions obligatoires."
      >
        <LegalMentionsForm />
      </ProfileSection>
      <ReminderPlanSection />
      <MessageNotificationsSection user={user} />
      <NotificationPrefsSection />
      <DeleteAccountSection />
    </>
  );
}

/**
 * A professional's profile (issue 12), at /profil and at /mentions-legales (SPEC §2): everything their
 * invoices print, in sections reached from the links at the top.
 */
export function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  // A closed account's archive: nothing to set any more, only the archive and its erasure.
  if (user.consultationSeuleJusquAu) {
    return <ArchiveProfile user={user} until={user.consultationSeuleJusquAu} />;
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Mon profil · Facturo</title>
      <header className="space-y-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Mon profil</h1>
          <p className="mt-1 text-sm text-slate-600">
            Les informations et mentions imprimées sur chacune de vos factures.
          </p>
        </div>
        <SectionNav />
      </header>
      {/* Another account (sign-out, sign-in) starts from its own values. */}
      <Sections key={user._id} user={user} />
    </div>
  );
}
