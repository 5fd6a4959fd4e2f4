import type { MailMessage } from '../../lib/mail/message.js';
import { compose } from '../../lib/mail/templates.js';

/**
 * The e-mail of a notification that matters (a payment, an accepted quote): its sentence, a button to the
 * page it concerns, and where to stop these e-mails, since every kind can be turned off in the profile.
 */
export function notificationEmail(
  to: string,
  notice: { prenom: string; titre: string; url: string; profileUrl: string },
): MailMessage {
  return compose(
    'support',
    to,
    `${notice.titre} — Facturo`,
    [
      notice.prenom ? `Bonjour ${notice.prenom},` : 'Bonjour,',
      /[.!?…]$/.test(notice.titre) ? notice.titre : `${notice.titre}.`,
      `Vous pouvez choisir les notifications que vous recevez par e-mail depuis votre profil : ${notice.profileUrl}`,
    ],
    { label: 'Voir sur Facturo', url: notice.url },
  );
}
