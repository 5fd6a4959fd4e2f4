import {
  centsToEuros,
  DEFAULT_LEGAL_MENTIONS,
  DEFAULT_PAYMENT_TERM,
  INITIAL_EMPTY_LINES,
  type Invoice,
  type InvoiceInput,
  type InvoiceMentions,
  isValidLine,
  type PaymentTerm,
  parseEurosToCents,
  parseQuantity,
  thousandthsToQuantity,
  type User,
} from '@facturo/shared';

/* The invoice being written in the 5-step wizard (SPEC §2, §5), and its rules, kept free of React. */

export const WIZARD_STEPS = ['Émetteur', 'Client et dates', 'Lignes', 'Récapitulatif', 'Aperçu'] as const;
export type WizardStep = 1 | 2 | 3 | 4 | 5;
export const LAST_STEP: WizardStep = 5;

/** Step 1: the issuer's profile fields, saved to /users/me when leaving the step. */
export type IssuerFields = Pick<User, 'prenom' | 'nom' | 'adresse' | 'codePostal' | 'ville'>;

/** The client as the invoice prints it (the API's snapshot shape, without the directory's dates). */
export type DraftClient = Invoice['client'];

/** Quantities and prices are kept as typed ("0,5", "33,33"): the shared parsers read them. */
export interface DraftLine {
  description: string;
  quantite: string;
  prixUnitaire: string;
}

export interface InvoiceDraft {
  emetteur: IssuerFields;
  client: DraftClient | null;
  delaiPaiement: PaymentTerm;
  objet: string;
  lignes: DraftLine[];
  mentions: InvoiceMentions;
}

export const emptyLine = (): DraftLine => ({ description: '', quantite: '', prixUnitaire: '' });

export function issuerFieldsOf(user: IssuerFields): IssuerFields {
  const { prenom, nom, adresse, codePostal, ville } = user;
  return { prenom, nom, adresse, codePostal, ville };
}

/** A fresh invoice: the issuer from the profile, 30 days, 3 empty lines (SPEC §9), default mentions. */
export function newDraft(user: IssuerFields): InvoiceDraft {
  return {
    emetteur: issuerFieldsOf(user),
    client: null,
    delaiPaiement: DEFAULT_PAYMENT_TERM,
    objet: '',
    lignes: Array.from({ length: INITIAL_EMPTY_LINES }, emptyLine),
    mentions: { ...DEFAULT_LEGAL_MENTIONS },
  };
}

/** A number as a French reader types it back: 0.5 → "0,5". */
const typed = (value: number) => String(value).replace('.', ',');

/** An existing invoice, for the full edit (PUT): its client, term, object, lines and mentions. */
export function draftFromInvoice(invoice: Invoice, user: IssuerFields): InvoiceDraft {
  return {
    emetteur: issuerFieldsOf(user),
    client: invoice.client,
    delaiPaiement: toPaymentTerm(invoice.delaiPaiement),
    objet: invoice.objet,
    lignes: invoice.lignes.map((line) => ({
      description: line.description,
      quantite: typed(line.quantite),
      prixUnitaire: typed(line.prixUnitaire),
    })),
    mentions: { ...invoice.mentionsLegales },
  };
}

function toPaymentTerm(days: number): PaymentTerm {
  return days === 15 || days === 30 || days === 45 || days === 60 ? days : DEFAULT_PAYMENT_TERM;
}

/** A line the user started but that the invoice cannot carry yet (no description, quantity 0…). */
export function isIncompleteLine(line: DraftLine): boolean {
  const touched = [line.description, line.quantite, line.prixUnitaire].some((value) => value.trim() !== '');
  return touched && !isValidLine(line);
}

/** The lines that go on the invoice: the valid ones, as the preview shows them. */
export function invoicedLines(lines: readonly DraftLine[]): DraftLine[] {
  return lines.filter(isValidLine);
}

/**
 * SPEC §5: step 1 needs the issuer's last and first names; step 2 a client and a due date; step 3 at
 * least one valid line; steps 4 and 5 always pass.
 */
export function isStepComplete(step: WizardStep, draft: InvoiceDraft, dueDate: string): boolean {
  switch (step) {
    case 1:
      return draft.emetteur.nom.trim() !== '' && draft.emetteur.prenom.trim() !== '';
    case 2:
      return draft.client !== null && dueDate !== '';
    case 3:
      return draft.lignes.some(isValidLine);
    case 4:
    case 5:
      return true;
  }
}

/** Whether leaving step 1 must write the profile (nothing to save when nothing changed). */
export function issuerChanged(fields: IssuerFields, user: IssuerFields): boolean {
  const before = issuerFieldsOf(user);
  return (Object.keys(before) as Array<keyof IssuerFields>).some(
    (key) => fields[key].trim() !== before[key].trim(),
  );
}

/**
 * The body of POST /factures and PUT /factures/{id}. Numbers are sent as numbers (exact, from the shared
 * parsers); totals are left to the server, which recomputes them anyway (DESIGN §3).
 */
export function draftToInput(draft: InvoiceDraft): InvoiceInput {
  return {
    client: draft.client?._id ?? '',
    delaiPaiement: draft.delaiPaiement,
    objet: draft.objet.trim(),
    lignes: invoicedLines(draft.lignes).map((line) => ({
      description: line.description.trim(),
      quantite: thousandthsToQuantity(parseQuantity(line.quantite) ?? 0),
      prixUnitaire: centsToEuros(parseEurosToCents(line.prixUnitaire) ?? 0),
    })),
    tauxTVA: 0,
    mentionsLegales: draft.mentions,
  };
}

/** Whether closing would lose something the user typed (step 1 is their profile, saved already). */
export function hasUserInput(draft: InvoiceDraft): boolean {
  return (
    draft.client !== null ||
    draft.objet.trim() !== '' ||
    draft.lignes.some((line) =>
      [line.description, line.quantite, line.prixUnitaire].some((v) => v.trim() !== ''),
    )
  );
}
