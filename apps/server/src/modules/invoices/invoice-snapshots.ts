import {
  DEFAULT_COUNTRY_CODE,
  DEFAULT_UNIT,
  parseCountry,
  UNITS,
  type Unit,
  type VatRegime,
  vatBreakdownCents,
} from '@facturo/shared';
import type {
  ClientRow,
  ClientSnapshot,
  InvoiceRow,
  IssuerSnapshot,
  MentionsSnapshot,
  SnapshotAddress,
  StoredLine,
  UserRow,
} from '../../db/schema.js';

/**
 * An invoice keeps its two parties as they were when it was written: later profile or directory edits
 * never reach an issued invoice. These write the snapshots, and read them back with the defaults that
 * invoices written before issue 12 need (db/schema.ts documents them).
 */

export function issuerSnapshotOf(user: UserRow): IssuerSnapshot {
  return {
    nom: user.nom,
    prenom: user.prenom,
    email: user.email,
    adresse: user.adresse,
    codePostal: user.codePostal,
    ville: user.ville,
    siret: user.siret,
    regimeTva: user.regimeTva,
    optionDebits: user.optionDebits,
    tvaIntracommunautaire: user.tvaIntracommunautaire,
    rcsRm: user.rcsRm,
    assureur: user.assureur,
    assuranceCouverture: user.assuranceCouverture,
    // The account the invoice asks to be paid to, as it was when written: a later change of bank leaves it.
    iban: user.iban,
    bic: user.bic,
  };
}

export function clientSnapshotOf(client: ClientRow): ClientSnapshot {
  return {
    nom: client.nom,
    email: client.email,
    telephone: client.telephone,
    siret: client.siret,
    adresse: {
      rue: client.rue,
      codePostal: client.codePostal,
      ville: client.ville,
      pays: countryCodeOf(client.pays),
    },
    type: client.type,
    tvaIntracommunautaire: client.tvaIntracommunautaire,
  };
}

/** A stored country: an ISO code, or on older rows a name; unknown reads as France. */
export function countryCodeOf(pays: string): string {
  return parseCountry(pays) ?? DEFAULT_COUNTRY_CODE;
}

export interface IssuerDetails extends Required<IssuerSnapshot> {
  regimeTva: VatRegime;
}

export function readIssuer(snapshot: IssuerSnapshot, mentions: MentionsSnapshot): IssuerDetails {
  return {
    ...snapshot,
    regimeTva: snapshot.regimeTva ?? 'franchise',
    optionDebits: snapshot.optionDebits ?? false,
    // Before issue 12 the issuer's VAT number was one of the mentions.
    tvaIntracommunautaire: snapshot.tvaIntracommunautaire ?? mentions.tvaIntracommunautaire ?? '',
    rcsRm: snapshot.rcsRm ?? '',
    assureur: snapshot.assureur ?? '',
    assuranceCouverture: snapshot.assuranceCouverture ?? '',
    iban: snapshot.iban ?? '',
    bic: snapshot.bic ?? '',
  };
}

export interface ClientDetails {
  nom: string;
  email: string;
  telephone: string;
  siret: string | null;
  type: 'particulier' | 'entreprise';
  tvaIntracommunautaire: string | null;
  adresse: SnapshotAddress;
  countryCode: string;
}

export function readClient(snapshot: ClientSnapshot): ClientDetails {
  return {
    nom: snapshot.nom,
    email: snapshot.email,
    telephone: snapshot.telephone,
    siret: snapshot.siret,
    // Before issue 12 a business was a client with a SIRET.
    type: snapshot.type ?? (snapshot.siret ? 'entreprise' : 'particulier'),
    tvaIntracommunautaire: snapshot.tvaIntracommunautaire ?? null,
    adresse: snapshot.adresse,
    countryCode: countryCodeOf(snapshot.adresse.pays),
  };
}

/** A stored line with its issue-12 fields: older lines had no unit (one "unité") and no VAT (0 %). */
export function readLine(line: StoredLine): Required<StoredLine> & { unit: Unit } {
  return {
    exemptionCode: '',
    ...line,
    unit: line.unit !== undefined && line.unit in UNITS ? (line.unit as Unit) : DEFAULT_UNIT,
    vatRate: line.vatRate ?? 0,
  };
}

/** The VAT of a stored invoice per rate, recomputed from its lines exactly as when it was written. */
export function storedBreakdown(invoice: Pick<InvoiceRow, 'lines'>) {
  return vatBreakdownCents(
    invoice.lines.map(readLine).map((line) => ({ totalCents: line.totalCents, tauxTVA: line.vatRate })),
  );
}
