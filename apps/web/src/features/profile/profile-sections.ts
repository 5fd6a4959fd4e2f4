/** The sections of the profile, in page order, with their anchors (/profil#paiement). */
export const PROFILE_PATH = '/profil';

export const PROFILE_SECTIONS = [
  { id: 'entreprise', title: 'Mon entreprise' },
  { id: 'paiement', title: 'Paiement' },
  { id: 'apparence', title: 'Apparence des factures' },
  { id: 'mentions-legales', title: 'Mentions légales' },
  // Issue 17: the reminder plan (features/reminders) and the notification centre's choices
  // (features/notifications/notification-prefs-section.tsx).
  { id: 'relances', title: 'Relances' },
  { id: 'alertes', title: 'Alertes' },
] as const;

export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];

export const profileSectionHref = (id: ProfileSectionId) => `${PROFILE_PATH}#${id}`;

export function profileSectionTitle(id: ProfileSectionId): string {
  return PROFILE_SECTIONS.find((section) => section.id === id)?.title ?? id;
}
