/**
 * The payload of an EPC069-12 "SEPA credit transfer" QR code (the European Payments Council's
 * "Quick Response Code" guidelines, version 002): a bank app that scans it fills in a transfer to the
 * issuer with the amount and the reference, so the client types nothing.
 */

export interface EpcTransfer {
  /** Beneficiary (the issuer). */
  name: string;
  /** Electronic format. */
  iban: string;
  /** May be empty: version 002 needs no BIC inside the EEA. */
  bic: string;
  /** Euros with two decimals and a dot ("123.45"), as InvoiceDocument carries them. */
  amount: string;
  /** Unstructured remittance information: the invoice number. */
  reference: string;
}

/** The guideline's limits. */
const NAME_MAX = 70;
const REFERENCE_MAX = 140;
const AMOUNT_MIN_CENTS = 1;
const AMOUNT_MAX_CENTS = 99_999_999_999;
const PAYLOAD_MAX_BYTES = 331;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
/** Cut by characters (code points), never inside one. */
const cut = (text: string, max: number) => [...text].slice(0, max).join('');

function centsOf(amount: string): number {
  const [units = '0', fraction = '0'] = amount.split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * The lines of the payload, joined by line feeds: service tag BCD, version 002, character set 1
 * (UTF-8), identification SCT, BIC, name, IBAN, amount (EUR…), purpose (none), structured reference
 * (none), then the unstructured reference. An amount outside what a transfer may carry is left empty,
 * for the payer to type.
 */
export function epcPayload(transfer: EpcTransfer): string {
  const cents = centsOf(transfer.amount);
  const amount =
    cents >= AMOUNT_MIN_CENTS && cents <= AMOUNT_MAX_CENTS
      ? `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
      : '';
  const head = [
    'BCD',
    '002',
    '1',
    'SCT',
    transfer.bic,
    cut(oneLine(transfer.name), NAME_MAX),
    transfer.iban,
    amount,
    '',
    '',
  ].join('\n');
  // The reference comes last: it gives way when a long name in accented letters would pass 331 bytes.
  let reference = cut(oneLine(transfer.reference), REFERENCE_MAX);
  while (Buffer.byteLength(`${head}\n${reference}`, 'utf8') > PAYLOAD_MAX_BYTES) {
    reference = [...reference].slice(0, -1).join('');
  }
  return `${head}\n${reference}`;
}
