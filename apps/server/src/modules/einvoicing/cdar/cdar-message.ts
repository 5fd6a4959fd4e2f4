import type { LifecycleCode } from '@facturo/shared';

/**
 * Issue 19: a lifecycle status as a CDAR message carries it (UN/CEFACT CrossDomainAcknowledgementAndResponse
 * D22B, French profile of the BR-FR-CDV rules): who says it, about which invoice, and why. `cdar-xml.ts`
 * writes it, `cdar-parse.ts` reads it back. Fields may be added; none is renamed (other modules use them).
 */
export interface CdarParty {
  role: 'vendeur' | 'acheteur' | 'plateforme';
  name: string;
  siren: string | null;
  siret?: string | null;
  /**
   * The party's electronic address in the directory (scheme 0225), where the message is addressed: absent
   * or null means its SIREN (the reader leaves it out when it is the SIREN).
   */
  electronicAddress?: string | null;
}

/** One VAT rate's share of an amount collected (212): the CDAR carries the amount per rate (BR-FR-CDV-14). */
export interface CdarVatPart {
  /** 20, 5.5, 0… */
  ratePercent: number;
  amountCents: number;
}

export interface CdarMessage {
  /** The message's own id (unique per sender). */
  id: string;
  issuedAt: Date;
  statusCode: LifecycleCode;
  /** Who sets the status (the buyer for 210, the seller for 212), and who it is addressed to. */
  sender: CdarParty;
  recipient: CdarParty;
  /** The invoice the status is about. */
  invoice: {
    numero: string;
    /** YYYY-MM-DD */
    issueDate: string;
    /** BT-3: 380, 381, 386… */
    typeCode: string;
    seller: CdarParty;
    buyer: CdarParty;
  };
  /** A refusal's (210) or rejection's (213) reason: its code and words. */
  reason?: { code: string; text: string };
  /**
   * 212 Encaissée (mandatory): the amount collected (MEN, per VAT rate) and the day; 211 Paiement transmis:
   * the amount paid (MPA, one amount) and the day.
   */
  payment?: {
    amountCents: number;
    /** YYYY-MM-DD */
    date: string;
    /**
     * 212: the amount split by VAT rate (their sum is amountCents). Absent: the whole amount at 0 % (a
     * seller under the franchise, the common case of Facturo's users); the reader gives it for MEN amounts.
     * 211 carries no split (MPA is one amount): ignored there, never read.
     */
    vatParts?: CdarVatPart[];
  };
}
