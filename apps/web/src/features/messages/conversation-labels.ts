import { type Conversation, type Message, SUPPORT_DISPLAY_NAME } from '@facturo/shared';
import { PLAN_LABELS } from '../admin/format';

/*
 * How a conversation and a sender are named. A user sees support as « Support Facturo » (never an admin's
 * e-mail: the server only sends first names); an admin sees the user who wrote to support.
 */

export function conversationTitle(conversation: Conversation, viewerIsAdmin: boolean): string {
  if (conversation.kind === 'support' && !viewerIsAdmin) return SUPPORT_DISPLAY_NAME;
  const names = conversation.participants
    .map((p) => `${p.prenom} ${p.nom}`.trim())
    .filter((name) => name !== '');
  return names.length > 0 ? names.join(', ') : conversation.sujet;
}

/** The line under the title: the invoice talked about, or « Support ». */
export function conversationSubject(conversation: Conversation): string {
  return conversation.kind === 'facture' ? `Facture ${conversation.sujet}` : conversation.sujet;
}

/** « Ada · Support Facturo » for an answer from support, « Camille Roux » otherwise. */
export function senderName(message: Message): string {
  const { prenom, nom } = message.expediteur;
  if (nom === SUPPORT_DISPLAY_NAME) return prenom ? `${prenom} · ${SUPPORT_DISPLAY_NAME}` : nom;
  return `${prenom} ${nom}`.trim();
}

const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});
const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Europe/Paris',
});

/** Today's messages by their time, older ones by their day (the list), both in Paris time. */
export function formatActivity(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return dayFormat.format(date) === dayFormat.format(now) ? timeFormat.format(date) : dayFormat.format(date);
}

export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  return `${dayFormat.format(date)} ${timeFormat.format(date)}`;
}

/** The user's plan as the back-office names it (« Essai »), for an admin answering in context. */
export function planLabel(plan: string): string {
  return Object.hasOwn(PLAN_LABELS, plan) ? PLAN_LABELS[plan as keyof typeof PLAN_LABELS] : plan;
}
