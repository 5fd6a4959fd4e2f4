import { paymentConditionsFor } from '@facturo/shared';
import type { MentionsSnapshot } from '../../db/schema.js';

/**
 * The mentions an invoice keeps: a new one starts from the issuer's saved mentions, an edited one from
 * its own; what the body gives replaces them field by field. The payment conditions follow the invoice's
 * term unless the issuer wrote their own sentence, so a 45-day invoice never prints "30 jours" anywhere
 * (detail, PDF and XML all read this one copy). The VAT number is the issuer's profile one, the only place
 * it lives since issue 12.
 */
export function invoiceMentions(
  base: MentionsSnapshot,
  override: Partial<MentionsSnapshot> | undefined,
  delaiPaiement: number,
  issuerVatNumber: string,
): MentionsSnapshot {
  const given = override ?? {};
  const pick = <K extends Exclude<keyof MentionsSnapshot, 'natureOperation'>>(key: K): string =>
    given[key] ?? base[key];
  return {
    conditionsPaiement: paymentConditionsFor(pick('conditionsPaiement'), delaiPaiement),
    mentionLibre: pick('mentionLibre'),
    escompte: pick('escompte'),
    penalitesRetard: pick('penalitesRetard'),
    indemniteForfaitaire: pick('indemniteForfaitaire'),
    tvaIntracommunautaire: issuerVatNumber,
    natureOperation: given.natureOperation ?? base.natureOperation,
  };
}
