/** What the wizard writes (issue 15): an invoice, or a quote with the same steps. */
export type WizardDocument = 'facture' | 'devis';

interface DocumentWords {
  /** « la facture », « le devis ». */
  the: string;
  /** « cette facture », « ce devis ». */
  this: string;
  /** « de la facture », « du devis ». */
  of: string;
}

export const DOCUMENT_WORDS: Record<WizardDocument, DocumentWords> = {
  facture: { the: 'la facture', this: 'cette facture', of: 'de la facture' },
  devis: { the: 'le devis', this: 'ce devis', of: 'du devis' },
};
