/**
 * Why a line or a sale carries no French VAT: the reasons Facturo writes, each a code of the CEF VATEX
 * list (BT-121), its French mention (printed, and BT-120) and its legal source. France has no zero rate:
 * a 0 % line of an invoice charging VAT must say which of these applies.
 */

/** EN 16931 VAT categories a reason puts a line in. */
export type ExemptionCategory = 'E' | 'O' | 'G' | 'K' | 'AE';

export interface VatExemption {
  code: string;
  category: ExemptionCategory;
  /** What the invoice prints (and BT-120). */
  mention: string;
  /** Where the law says so. */
  source: string;
  /**
   * True when the issuer may choose it for one 0 % line; the others follow from the buyer (their country,
   * status and VAT number) and are set for the whole invoice by vatTreatment.
   */
  perLine: boolean;
}

export const VAT_EXEMPTIONS = [
  {
    code: 'VATEX-EU-132',
    category: 'E',
    mention: 'Exonération de TVA, art. 261 du CGI',
    source: 'Art. 261 du CGI (art. 132 de la directive 2006/112/CE)',
    perLine: true,
  },
  {
    code: 'VATEX-EU-79-C',
    category: 'E',
    mention: 'Débours refacturés à l’euro près, hors base d’imposition (art. 267 II-2° du CGI)',
    source: 'Art. 267 II-2° du CGI (art. 79 c de la directive 2006/112/CE)',
    perLine: true,
  },
  {
    code: 'VATEX-EU-O',
    category: 'O',
    mention: 'Opération hors du champ d’application de la TVA',
    source: 'Art. 256 du CGI a contrario (art. 2 de la directive 2006/112/CE)',
    perLine: true,
  },
  {
    code: 'VATEX-EU-G',
    category: 'G',
    mention: 'Exonération de TVA, art. 262 I du CGI',
    source: 'Art. 262 I du CGI (art. 146 de la directive 2006/112/CE)',
    perLine: false,
  },
  {
    code: 'VATEX-EU-IC',
    category: 'K',
    mention: 'Exonération de TVA, art. 262 ter I du CGI',
    source: 'Art. 262 ter I du CGI (art. 138 de la directive 2006/112/CE)',
    perLine: false,
  },
  {
    code: 'VATEX-EU-AE',
    category: 'AE',
    mention: 'Autoliquidation, art. 283-2 du CGI (art. 196 de la directive 2006/112/CE)',
    source: 'Art. 283-2 du CGI (art. 196 de la directive 2006/112/CE)',
    perLine: false,
  },
  {
    code: 'VATEX-FR-FRANCHISE',
    category: 'E',
    mention: 'TVA non applicable, art. 293 B du CGI',
    source: 'Art. 293 B du CGI',
    perLine: false,
  },
] as const satisfies readonly VatExemption[];

export type VatExemptionCode = (typeof VAT_EXEMPTIONS)[number]['code'];

/** The reasons the wizard offers for a 0 % line. */
export const LINE_VAT_EXEMPTIONS: readonly VatExemption[] = VAT_EXEMPTIONS.filter((entry) => entry.perLine);

export function vatExemption(code: string | null | undefined): VatExemption | undefined {
  return (VAT_EXEMPTIONS as readonly VatExemption[]).find((entry) => entry.code === code);
}

/** What a line's exemption lacks or gets wrong, when the sale charges French VAT. */
export type LineExemptionFault = 'required' | 'unknown' | 'withRate' | 'outOfScopeMixed';

/** A line as the rule reads it: the rate it charges (percent) and the reason it gives, as typed. */
export interface ExemptionLine {
  rate: number;
  motifExoneration?: string | undefined;
}

/** A reason as typed, the way the list spells codes: "vatex-eu-132 " → "VATEX-EU-132"; '' when none. */
export const askedExemption = (motif: string | undefined): string => motif?.trim().toUpperCase() ?? '';

/**
 * Each line's fault (null when none), for a sale charging French VAT — one rule, so that the server's 400
 * and the wizard's outlined field say the same thing: France has no zero rate, so a 0 % line names one of
 * the reasons an issuer may choose per line, a taxed line names none (it would print a false mention), and
 * an operation outside the scope of VAT (O) is invoiced alone (EN 16931 BR-O-11 to 14), the fault then
 * falling on its lines. A sale charging no VAT (franchise, AE, K, G) has no line fault: its own reason
 * covers every line.
 */
export function lineExemptionFaults(
  lines: readonly ExemptionLine[],
  chargesVat: boolean,
): (LineExemptionFault | null)[] {
  if (!chargesVat) return lines.map(() => null);
  const faults = lines.map((line): LineExemptionFault | null => {
    const asked = askedExemption(line.motifExoneration);
    if (line.rate !== 0) return asked === '' ? null : 'withRate';
    if (asked === '') return 'required';
    return vatExemption(asked)?.perLine ? null : 'unknown';
  });
  const outOfScope = lines.map(
    (line) => vatExemption(askedExemption(line.motifExoneration))?.category === 'O',
  );
  const outOfScopeCount = outOfScope.filter(Boolean).length;
  if (outOfScopeCount === 0 || outOfScopeCount === lines.length) return faults;
  return faults.map((fault, index) => fault ?? (outOfScope[index] ? 'outOfScopeMixed' : null));
}

export const EXEMPTION_REQUIRED_MESSAGE = (line: number) =>
  `Ligne ${line} : la France n’a pas de taux de TVA à 0 %. Indiquez le motif d’exonération (motifExoneration) : ${LINE_VAT_EXEMPTIONS.map((entry) => entry.code).join(', ')}.`;
export const EXEMPTION_UNKNOWN_MESSAGE = (line: number) =>
  `Ligne ${line} : motif d’exonération inconnu. Choisissez l’un de : ${LINE_VAT_EXEMPTIONS.map((entry) => entry.code).join(', ')}.`;
export const EXEMPTION_WITH_RATE_MESSAGE = (line: number) =>
  `Ligne ${line} : un motif d’exonération ne s’applique qu’à une ligne à 0 % de TVA.`;
export const OUT_OF_SCOPE_MIXED_MESSAGE =
  'Une opération hors du champ de la TVA (VATEX-EU-O) se facture seule : toutes les lignes de la facture doivent alors porter ce motif.';
export const REVERSE_CHARGE_VAT_NUMBER_MESSAGE =
  'Une prestation de services à une entreprise d’un autre État membre est autoliquidée par le client (art. 283-2 du CGI) : votre numéro de TVA intracommunautaire doit y figurer, même en franchise. Ajoutez-le dans votre profil (section TVA).';
