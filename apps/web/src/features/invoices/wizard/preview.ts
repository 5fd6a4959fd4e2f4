import {
  centsToEuros,
  countryName,
  DEFAULT_COUNTRY_CODE,
  isBusinessClient,
  lineTotalCents,
  parseEurosToCents,
  parseQuantity,
  thousandthsToQuantity,
  type User,
  vatExemption,
} from '@facturo/shared';
import { addDaysIso } from '../dates';
import type { InvoiceDocumentData } from '../document/document-data';
import { type DraftClient, type DraftLine, type InvoiceDraft, invoicedLines } from './draft';
import { lineExemption } from './draft-input';
import { draftTotals, draftVatTreatment, effectiveRate } from './draft-vat';

interface PreviewContext {
  /** The number the invoice will get (create) or has (edit). */
  numero: string;
  dateEmission: string;
  /** The signed-in issuer: what the wizard does not edit comes from the profile. */
  user: Pick<
    User,
    | '_id'
    | 'email'
    | 'siret'
    | 'regimeTva'
    | 'optionDebits'
    | 'tvaIntracommunautaire'
    | 'rcsRm'
    | 'assureur'
    | 'assuranceCouverture'
    | 'iban'
    | 'bic'
  >;
}

const NO_CLIENT: DraftClient = {
  _id: '',
  nom: '',
  email: '',
  telephone: '',
  siret: null,
  siren: null,
  type: 'particulier',
  tvaIntracommunautaire: null,
  adresse: { rue: '', codePostal: '', ville: '', pays: '', codePays: DEFAULT_COUNTRY_CODE },
};

/** The client as the invoice will print it: with the address or SIREN typed in step 2 when it lacked them. */
function clientOf(draft: InvoiceDraft): DraftClient {
  const client = draft.client ?? NO_CLIENT;
  const fix = draft.clientFix;
  return {
    ...client,
    siren: client.siren ?? (fix.siren.trim() || null),
    adresse: {
      ...client.adresse,
      rue: client.adresse.rue || fix.rue.trim(),
      codePostal: client.adresse.codePostal || fix.codePostal.trim(),
      ville: client.adresse.ville || fix.ville.trim(),
    },
  };
}

/** A 0 % line's chosen exemption as the invoice prints it: its code and its French mention. */
function exemptionPrinted(line: DraftLine, chargesVat: boolean) {
  const exemption = vatExemption(lineExemption(line, chargesVat).motifExoneration);
  return exemption?.perLine
    ? { motifExoneration: exemption.code, mentionExoneration: exemption.mention }
    : {};
}

/** The invoice as it will be printed, computed from the draft with the shared money and VAT rules. */
export function draftToDocument(draft: InvoiceDraft, context: PreviewContext): InvoiceDocumentData {
  const { user } = context;
  const treatment = draftVatTreatment(draft, user.regimeTva);
  const lines = invoicedLines(draft.lignes);
  const totals = draftTotals(lines, treatment.chargesVat);
  const client = clientOf(draft);
  const delivery = draft.adresseLivraison;
  const largest = [...totals.breakdown].sort((a, b) => b.baseHTCents - a.baseHTCents)[0];
  return {
    numero: context.numero,
    dateEmission: context.dateEmission,
    dateEcheance: addDaysIso(context.dateEmission, draft.delaiPaiement),
    delaiPaiement: draft.delaiPaiement,
    objet: draft.objet.trim(),
    client,
    emetteur: {
      _id: user._id,
      email: user.email,
      siret: user.siret,
      ...draft.emetteur,
      regimeTva: user.regimeTva,
      optionDebits: user.optionDebits,
      tvaIntracommunautaire: user.tvaIntracommunautaire,
      rcsRm: user.rcsRm,
      assureur: user.assureur,
      assuranceCouverture: user.assuranceCouverture,
      iban: user.iban,
      bic: user.bic,
    },
    lignes: lines.map((line) => {
      const quantity = parseQuantity(line.quantite) ?? 0;
      const price = parseEurosToCents(line.prixUnitaire) ?? 0;
      return {
        description: line.description.trim(),
        quantite: thousandthsToQuantity(quantity),
        unite: line.unite,
        prixUnitaire: centsToEuros(price),
        tauxTVA: effectiveRate(line.tauxTVA, treatment.chargesVat),
        montant: centsToEuros(lineTotalCents(quantity, price)),
        ...exemptionPrinted(line, treatment.chargesVat),
      };
    }),
    montantHT: centsToEuros(totals.htCents),
    tauxTVA: largest?.taux ?? 0,
    montantTVA: centsToEuros(totals.vatCents),
    montantTTC: centsToEuros(totals.ttcCents),
    ventilationTVA: totals.breakdown.map((entry) => ({
      taux: entry.taux,
      baseHT: centsToEuros(entry.baseHTCents),
      montantTVA: centsToEuros(entry.montantTVACents),
    })),
    categorieTVA: treatment.category,
    mentionTVA: treatment.mention,
    mentionsProfessionnelles: isBusinessClient(client),
    dateLivraison: draft.dateLivraison || context.dateEmission,
    adresseLivraison:
      draft.livraisonDifferente && [delivery.rue, delivery.codePostal, delivery.ville].some((v) => v.trim())
        ? {
            rue: delivery.rue.trim(),
            codePostal: delivery.codePostal.trim(),
            ville: delivery.ville.trim(),
            pays: countryName(delivery.pays),
            codePays: delivery.pays,
          }
        : null,
    payee: false,
    datePaiement: null,
    mentionsLegales: draft.mentions,
  };
}
