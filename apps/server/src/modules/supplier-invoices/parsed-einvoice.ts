/**
 * Issue 19: an electronic invoice as read from its file (Factur-X PDF, CII or UBL XML), amounts in
 * cents. What `parse-einvoice.ts` answers and the inbox stores; the test platform reads the buyer from it.
 * Fields may be added; none is renamed (the platform lane uses them).
 */
export interface ParsedParty {
  name: string;
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  address: { ligne?: string; codePostal?: string; ville?: string; pays?: string };
}

export interface ParsedLine {
  description: string;
  /** As written (decimal string). */
  quantity: string;
  unitCode: string | null;
  unitPriceCents: number;
  netCents: number;
  vatCategory: string | null;
  /** Percent, as written (e.g. "20", "5.5"), null when none. */
  vatRate: string | null;
}

export interface ParsedVatBreakdown {
  category: string;
  rate: string | null;
  baseCents: number;
  vatCents: number;
  exemptionReason: string | null;
}

export interface ParsedEInvoice {
  format: 'facturx' | 'cii' | 'ubl';
  /** BT-3 */
  typeCode: string;
  numero: string;
  /** YYYY-MM-DD */
  dateEmission: string;
  dateEcheance: string | null;
  currency: string;
  seller: ParsedParty;
  buyer: ParsedParty;
  lines: ParsedLine[];
  vatBreakdown: ParsedVatBreakdown[];
  totalHtCents: number;
  totalVatCents: number;
  totalTtcCents: number;
  amountDueCents: number;
  iban: string | null;
  bic: string | null;
  notes: string[];
}
