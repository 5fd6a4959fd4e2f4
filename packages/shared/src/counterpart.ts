import { z } from 'zod';

/**
 * The other party of a document or a conversation, as far as reaching them goes: an open account
 * (`actif`), one its holder or an admin closed (`cloture`), or one an admin suspended (`suspendu`). A
 * closed or suspended counterpart still has its documents shown, but nothing sent to it arrives: the
 * web disables those actions and the API refuses them (409 `counterpart_closed` / `counterpart_suspended`).
 */
export const COUNTERPART_STATES = ['actif', 'cloture', 'suspendu'] as const;
export type CounterpartState = (typeof COUNTERPART_STATES)[number];

export const counterpartSchema = z.object({ etat: z.enum(COUNTERPART_STATES) });
export type Counterpart = z.infer<typeof counterpartSchema>;

/** Shown next to the counterpart's name; an open account shows nothing. */
export const COUNTERPART_LABELS: Record<CounterpartState, string> = {
  actif: '',
  cloture: 'Compte clôturé',
  suspendu: 'Compte suspendu',
};

export const COUNTERPART_MESSAGES = {
  closed:
    'Le compte de votre correspondant a été clôturé : il ne peut plus rien recevoir sur Facturo (message, paiement signalé, facture, devis ou réponse à un devis).',
  suspended:
    'Le compte de votre correspondant est suspendu : il ne peut plus rien recevoir sur Facturo (message, paiement signalé, facture, devis ou réponse à un devis).',
} as const;

/** The state read from the account's row: closure first (a closed account may also have been banned). */
export function counterpartState(account: { deletedAt: Date | null; isBanned: boolean }): CounterpartState {
  if (account.deletedAt) return 'cloture';
  return account.isBanned ? 'suspendu' : 'actif';
}

/** Whether anything sent to this counterpart can reach it. */
export const counterpartReachable = (state: CounterpartState): boolean => state === 'actif';
