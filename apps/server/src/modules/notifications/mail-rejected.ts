import type { Db } from '../../db/types.js';
import type { MailMessage } from '../../lib/mail/message.js';
import { notify } from './notify.js';

/**
 * Issue 17: a document e-mailed on a user's behalf was refused by its address (the mail worker calls this
 * at the first permanent refusal). The user is told in the app, where they can correct the client's
 * address; no e-mail about an e-mail.
 */
export async function notifyMailRejected(
  deps: { db: Db; appUrl: string },
  message: MailMessage,
): Promise<void> {
  const userId = message.expediteurId;
  if (!userId) return;
  await deps.db.transaction((tx) =>
    notify(
      { tx, appUrl: deps.appUrl },
      {
        userId,
        kind: 'email_rejete',
        titre: `L’e-mail « ${message.subject} » n’a pas pu être remis à ${message.to} : adresse refusée`,
        lien: '/clients',
      },
    ),
  );
}
