import { type Conversation, type Message, SUPPORT_DISPLAY_NAME } from '@facturo/shared';
import type { ConversationView } from './conversation-list.repo.js';
import { type Access, isOwnMessage } from './messaging.access.js';
import type { ShownMessage } from './messaging.repo.js';

/** Before any admin answers, support has no person behind it yet. */
const SUPPORT_ID = 'support';

export function presentConversation(view: ConversationView): Conversation {
  const supportForUser = view.kind === 'support' && !view.readerIsSupport;
  const other = supportForUser
    ? { _id: view.otherId ?? SUPPORT_ID, prenom: view.otherPrenom, nom: SUPPORT_DISPLAY_NAME }
    : view.otherId === null
      ? null
      : { _id: view.otherId, prenom: view.otherPrenom, nom: view.otherNom };
  return {
    _id: view.id,
    participants: other ? [other] : [],
    derniereActivite: view.lastActivityAt.toISOString(),
    dernierMessage: view.lastContenu === null ? null : { contenu: view.lastContenu },
    nonLus: view.nonLus,
    kind: view.kind,
    sujet: view.kind === 'support' ? 'Support' : (view.numero ?? ''),
    factureId: view.invoiceId,
    planUtilisateur: view.userPlan,
    contrepartie: { etat: view.otherState },
  };
}

/** Support's answers carry the admin's first name and « Support Facturo », never who they are beyond that. */
export function presentMessage(message: ShownMessage, access: Access): Message {
  return {
    _id: message.id,
    expediteur: {
      _id: message.senderId,
      prenom: message.senderPrenom,
      nom: message.fromSupport ? SUPPORT_DISPLAY_NAME : message.senderNom,
    },
    contenu: message.contenu,
    createdAt: message.createdAt.toISOString(),
    vu: message.readAt !== null,
    estMoi: isOwnMessage(access, message),
  };
}
