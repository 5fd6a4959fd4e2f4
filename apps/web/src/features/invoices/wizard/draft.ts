import {
  DEFAULT_COUNTRY_CODE,
  DEFAULT_LEGAL_MENTIONS,
  DEFAULT_PAYMENT_TERM,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  DEFAULT_UNIT,
  DEFAULT_VAT_RATE_REEL,
  INITIAL_EMPTY_LINES,
  type Invoice,
  type InvoiceMentions,
  isCompleteAddress,
  isValidLine,
  MAX_QUANTITY_THOUSANDTHS,
  MAX_QUOTE_VALIDITY_DAYS,
  MAX_UNIT_PRICE_CENTS,
  type PaymentTerm,
  parseEurosToCents,
  parseQuantity,
  paymentConditionsFor,
  type Quote,
  type Unit,
  type User,
  type VatRegime,
} from '@facturo/shared';
import { addDaysIso } from '../dates';
import { clientNeedsSiren } from './client-address';

/* The invoice being written in the 5-step wizard (SPEC §2, §5), and its rules, kept free of React. */

export const WIZARD_STEPS = ['Émetteur', 'Client et dates', 'Lignes', 'Récapitulatif', 'Aperçu'] as const;
export type WizardStep = 1 | 2 | 3 | 4 | 5;
export const LAST_STEP: WizardStep = 5;

/** Step 1: the issuer's profile fields, saved to /users/me when leaving the step. */
export type IssuerFields = Pick<User, 'prenom' | 'nom' | 'adresse' | 'codePostal' | 'ville'>;

/** The client as the invoice prints it (the API's snapshot shape, without the directory's dates). */
export type DraftClient = Invoice['client'];

/** Quantities, prices and rates are kept as typed ("0,5", "33,33", "5.5"): the shared parsers read them. */
export interface DraftLine {
  description: string;
  quantite: string;
  unite: Unit;
  prixUnitaire: string;
  /** One of VAT_RATES as the select gives it; only sent when the sale charges VAT. */
  tauxTVA: string;
  /** A 0 % line's VATEX code (LINE_VAT_EXEMPTIONS): France has no zero rate, so it says why. */
  motifExoneration?: string;
}

/** A postal address as the wizard edits it: `pays` is the ISO code the country select holds. */
export interface DraftAddress {
  rue: string;
  codePostal: string;
  ville: string;
  pays: string;
}

/** What step 2 asks of a client whose record lacks what an invoice needs (address, SIREN). */
export interface ClientFixFields {
  rue: string;
  codePostal: string;
  ville: string;
  siren: string;
}

export interface InvoiceDraft {
  emetteur: IssuerFields;
  client: DraftClient | null;
  clientFix: ClientFixFields;
  delaiPaiement: PaymentTerm;
  /** A quote's validity date (YYYY-MM-DD), instead of the invoice's term (issue 15). */
  dateValidite: string;
  objet: string;
  /** BT-72, YYYY-MM-DD: the issue date unless the user says otherwise. */
  dateLivraison: string;
  livraisonDifferente: boolean;
  adresseLivraison: DraftAddress;
  lignes: DraftLine[];
  mentions: InvoiceMentions;
}

/** A new line's rate: 20 % for a seller charging VAT, 0 under the franchise. */
export function defaultLineRate(regime: VatRegime): string {
  return String(regime === 'reel' ? DEFAULT_VAT_RATE_REEL : 0);
}

export const emptyLine = (regime: VatRegime): DraftLine => ({
  description: '',
  quantite: '',
  unite: DEFAULT_UNIT,
  prixUnitaire: '',
  tauxTVA: defaultLineRate(regime),
});

export const emptyAddress = (): DraftAddress => ({
  rue: '',
  codePostal: '',
  ville: '',
  pays: DEFAULT_COUNTRY_CODE,
});

export function clientFixOf(client: DraftClient | null): ClientFixFields {
  return {
    rue: client?.adresse.rue ?? '',
    codePostal: client?.adresse.codePostal ?? '',
    ville: client?.adresse.ville ?? '',
    siren: client?.siret ?? client?.siren ?? '',
  };
}

export function issuerFieldsOf(user: IssuerFields): IssuerFields {
  const { prenom, nom, adresse, codePostal, ville } = user;
  return { prenom, nom, adresse, codePostal, ville };
}

type DraftUser = IssuerFields & Pick<User, 'regimeTva' | 'tvaIntracommunautaire'>;

/**
 * A fresh invoice: the issuer from the profile, 30 days, 3 empty lines (SPEC §9), delivered on the issue
 * date, and the default mentions with the profile's VAT number until the saved ones arrive.
 */
export function newDraft(user: DraftUser, dateEmission: string): InvoiceDraft {
  return {
    emetteur: issuerFieldsOf(user),
    client: null,
    clientFix: clientFixOf(null),
    delaiPaiement: DEFAULT_PAYMENT_TERM,
    dateValidite: defaultValidityDate(dateEmission),
    objet: '',
    dateLivraison: dateEmission,
    livraisonDifferente: false,
    adresseLivraison: emptyAddress(),
    lignes: Array.from({ length: INITIAL_EMPTY_LINES }, () => emptyLine(user.regimeTva)),
    mentions: { ...DEFAULT_LEGAL_MENTIONS, tvaIntracommunautaire: user.tvaIntracommunautaire },
  };
}

/**
 * The issuer's saved mentions as a new invoice starts from them: their conditions, or the sentence of the
 * chosen term when they kept the product's own (paymentConditionsFor); the VAT number of the profile
 * when the mentions carry none.
 */
export function mentionsForDraft(
  saved: InvoiceMentions,
  delaiPaiement: number,
  profileVatNumber: string,
): InvoiceMentions {
  return {
    conditionsPaiement: paymentConditionsFor(saved.conditionsPaiement, delaiPaiement),
    mentionLibre: saved.mentionLibre,
    escompte: saved.escompte,
    penalitesRetard: saved.penalitesRetard,
    indemniteForfaitaire: saved.indemniteForfaitaire,
    tvaIntracommunautaire: saved.tvaIntracommunautaire || profileVatNumber,
    natureOperation: saved.natureOperation,
  };
}

/** A number as a French reader types it back: 0.5 → "0,5". */
const typed = (value: number) => String(value).replace('.', ',');

/** What an invoice and a quote both carry into a draft: client, object, delivery, lines, mentions. */
type DocumentSource = Pick<
  Invoice,
  'client' | 'objet' | 'dateEmission' | 'dateLivraison' | 'adresseLivraison' | 'lignes' | 'mentionsLegales'
>;

function draftFromDocument(source: DocumentSource, user: DraftUser): Omit<InvoiceDraft, 'delaiPaiement'> {
  const delivery = source.adresseLivraison;
  return {
    emetteur: issuerFieldsOf(user),
    client: source.client,
    clientFix: clientFixOf(source.client),
    dateValidite: defaultValidityDate(source.dateEmission),
    objet: source.objet,
    dateLivraison: source.dateLivraison || source.dateEmission,
    livraisonDifferente: delivery !== null,
    adresseLivraison: delivery
      ? { rue: delivery.rue, codePostal: delivery.codePostal, ville: delivery.ville, pays: delivery.codePays }
      : emptyAddress(),
    lignes: source.lignes.map((line) => ({
      description: line.description,
      quantite: typed(line.quantite),
      unite: line.unite,
      prixUnitaire: typed(line.prixUnitaire),
      tauxTVA: String(line.tauxTVA),
      ...(line.motifExoneration ? { motifExoneration: line.motifExoneration } : {}),
    })),
    mentions: { ...source.mentionsLegales },
  };
}

/** An existing invoice, for the full edit (PUT): its client, term, dates, lines and mentions. */
export function draftFromInvoice(invoice: Invoice, user: DraftUser): InvoiceDraft {
  return { ...draftFromDocument(invoice, user), delaiPaiement: toPaymentTerm(invoice.delaiPaiement) };
}

/** An existing quote, for its full edit (PUT): the same, with its validity date instead of a term. */
export function draftFromQuote(quote: Quote, user: DraftUser): InvoiceDraft {
  return {
    ...draftFromDocument(quote, user),
    delaiPaiement: DEFAULT_PAYMENT_TERM,
    dateValidite: quote.dateValidite,
  };
}

/**
 * « Dupliquer » (issue 15): a new draft with the source's client, object, lines and mentions, dated
 * today (delivery today, validity from today); an invoice's term is kept. No number is taken here.
 */
export function duplicateDraft(
  source: DocumentSource & { delaiPaiement?: number },
  user: DraftUser,
  dateEmission: string,
): InvoiceDraft {
  return {
    ...draftFromDocument({ ...source, dateEmission, dateLivraison: dateEmission }, user),
    delaiPaiement: toPaymentTerm(source.delaiPaiement ?? DEFAULT_PAYMENT_TERM),
  };
}

/** A quote is valid 30 days from its issue unless it says otherwise. */
export function defaultValidityDate(dateEmission: string): string {
  return addDaysIso(dateEmission, DEFAULT_QUOTE_VALIDITY_DAYS);
}

/** The server's range for a validity date: from the issue date to a year after it. */
export function isValidityDateInRange(dateValidite: string, dateEmission: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(dateValidite) &&
    dateValidite >= dateEmission &&
    dateValidite <= addDaysIso(dateEmission, MAX_QUOTE_VALIDITY_DAYS)
  );
}

function toPaymentTerm(days: number): PaymentTerm {
  return days === 15 || days === 30 || days === 45 || days === 60 ? days : DEFAULT_PAYMENT_TERM;
}

/** A line the user started but that the invoice cannot carry yet (no description, quantity 0…). */
export function isIncompleteLine(line: DraftLine): boolean {
  const touched = [line.description, line.quantite, line.prixUnitaire].some((value) => value.trim() !== '');
  return touched && !isValidLine(line);
}

/** Which cells of a line hold what the invoice cannot carry: the ones outlined in red in step 3. */
export interface LineFaults {
  description: boolean;
  quantite: boolean;
  prixUnitaire: boolean;
}

/**
 * The faulty cells of a started line (a blank line has none): a negative quantity outlines Quantité,
 * not Description, so that the reader sees where to type.
 */
export function lineFaults(line: DraftLine): LineFaults {
  if (!isIncompleteLine(line)) return { description: false, quantite: false, prixUnitaire: false };
  const quantity = parseQuantity(line.quantite);
  const price = parseEurosToCents(line.prixUnitaire);
  return {
    description: line.description.trim() === '',
    quantite: quantity === null || quantity <= 0 || quantity > MAX_QUANTITY_THOUSANDTHS,
    prixUnitaire: price === null || price < 0 || price > MAX_UNIT_PRICE_CENTS,
  };
}

/** The lines that go on the invoice: the valid ones, as the preview shows them. */
export function invoicedLines(lines: readonly DraftLine[]): DraftLine[] {
  return lines.filter(isValidLine);
}

/** Whether step 2 must ask for the client's address or SIREN before the invoice can be created. */
export function clientNeedsFix(client: DraftClient | null): boolean {
  return client !== null && (!isCompleteAddress(client.adresse) || clientNeedsSiren(client));
}

/**
 * SPEC §5, and issue 12's required addresses: step 1 needs the issuer's names and full address; step 2
 * a client (whose missing address, or SIREN, is typed in) and a due date; step 3 at least one valid line;
 * steps 4 and 5 always pass.
 */
export function isStepComplete(step: WizardStep, draft: InvoiceDraft, dueDate: string): boolean {
  switch (step) {
    case 1:
      return (
        draft.emetteur.nom.trim() !== '' &&
        draft.emetteur.prenom.trim() !== '' &&
        isCompleteAddress({
          rue: draft.emetteur.adresse,
          codePostal: draft.emetteur.codePostal,
          ville: draft.emetteur.ville,
        })
      );
    case 2:
      return (
        draft.client !== null &&
        dueDate !== '' &&
        draft.dateLivraison !== '' &&
        (!clientNeedsFix(draft.client) || isCompleteClientFix(draft.client, draft.clientFix)) &&
        (!draft.livraisonDifferente || isCompleteAddress(draft.adresseLivraison))
      );
    case 3:
      return draft.lignes.some(isValidLine);
    case 4:
    case 5:
      return true;
  }
}

export function isCompleteClientFix(client: DraftClient, fix: ClientFixFields): boolean {
  return isCompleteAddress(fix) && (!clientNeedsSiren(client) || fix.siren.trim() !== '');
}

/** Whether leaving step 1 must write the profile (nothing to save when nothing changed). */
export function issuerChanged(fields: IssuerFields, user: IssuerFields): boolean {
  const before = issuerFieldsOf(user);
  return (Object.keys(before) as Array<keyof IssuerFields>).some(
    (key) => fields[key].trim() !== before[key].trim(),
  );
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
