import {
  centsToEuros,
  formatDocumentNumber,
  LIFE_LABELS,
  type LifeState,
  type NumbersRegister,
  QUOTE_STATUS_LABELS,
  type RegisterEntry,
  type RegisterOutcome,
  type RegisterSeries,
  type RegisterSummary,
} from '@facturo/shared';
import { CANCELLED_BEFORE_SENDING, cancelledByCreditNote } from './cancel-reasons.js';
import type { NumberedInvoiceRow, NumberedQuoteRow } from './numbers-register.repo.js';

/*
 * The register itself, from the rows its repo read: each series in order from its number 1 to its last,
 * every number accounted for. Pure, so its rules are read (and tested) without a database.
 */

const DELETED_QUOTE_REASON = 'Devis supprimé avant tout envoi';
const GAP_STATE = 'Numéro manquant';
const GAP_REASON = 'Aucun document ne porte ce numéro : signalez-le au support.';

type Numbered = { sequence: number; entry: RegisterEntry };

function invoiceEntry(row: NumberedInvoiceRow): RegisterEntry {
  const state = row.state as LifeState;
  const cancelled = state === 'annulee';
  // Cancelled before issue (deleted unsent) holds no sale; an issued one cancelled by its credit notes was issued.
  const outcome: RegisterOutcome = row.issued ? 'emis' : cancelled ? 'annule' : 'brouillon';
  const reason = !cancelled
    ? null
    : row.issued && row.lastCreditNumero
      ? cancelledByCreditNote(row.lastCreditNumero)
      : (row.cancelReason ?? CANCELLED_BEFORE_SENDING);
  return {
    numero: row.numero,
    serie: row.type === 'avoir' ? 'AV' : 'FAC',
    id: row.id,
    type: row.type,
    date: row.day,
    client: row.client,
    montantTtc: centsToEuros(row.ttcCents),
    etat: LIFE_LABELS[state] ?? state,
    issue: outcome,
    emis: row.issued,
    motifAnnulation: reason,
  };
}

function quoteEntry(row: NumberedQuoteRow): RegisterEntry {
  return {
    numero: row.numero,
    serie: 'DEV',
    id: row.id,
    type: 'devis',
    date: row.day,
    client: row.client,
    montantTtc: centsToEuros(row.ttcCents),
    etat: QUOTE_STATUS_LABELS[row.status],
    issue: row.sent ? 'emis' : 'brouillon',
    emis: row.sent,
    motifAnnulation: null,
  };
}

/** A number with no row: a quote deleted before sending (the journal says so), else a gap. */
function missingEntry(series: RegisterSeries, numero: string, deletedOn: string | undefined): RegisterEntry {
  const deleted = deletedOn !== undefined;
  return {
    numero,
    serie: series,
    id: null,
    type: series === 'DEV' ? 'devis' : null,
    date: deleted ? deletedOn : null,
    client: null,
    montantTtc: null,
    etat: deleted ? 'Supprimé' : GAP_STATE,
    issue: deleted ? 'annule' : 'lacune',
    emis: false,
    motifAnnulation: deleted ? DELETED_QUOTE_REASON : GAP_REASON,
  };
}

function series(
  name: RegisterSeries,
  year: number,
  numbered: readonly Numbered[],
  deleted: ReadonlyMap<string, string>,
): RegisterEntry[] {
  const bySequence = new Map(numbered.map((item) => [item.sequence, item.entry]));
  const last = Math.max(0, ...bySequence.keys());
  const entries: RegisterEntry[] = [];
  for (let sequence = 1; sequence <= last; sequence++) {
    const numero = formatDocumentNumber(name, year, sequence);
    entries.push(bySequence.get(sequence) ?? missingEntry(name, numero, deleted.get(numero)));
  }
  return entries;
}

export function summaryOf(entries: readonly RegisterEntry[]): RegisterSummary {
  const count = (outcome: RegisterOutcome) => entries.filter((entry) => entry.issue === outcome).length;
  const lacunes = count('lacune');
  return {
    attribues: entries.length - lacunes,
    emis: count('emis'),
    brouillons: count('brouillon'),
    annules: count('annule'),
    lacunes,
  };
}

export function buildRegister(
  year: number,
  invoiceRows: readonly NumberedInvoiceRow[],
  quoteRows: readonly NumberedQuoteRow[],
  deletedQuotes: ReadonlyMap<string, string>,
): NumbersRegister {
  const of = (rows: readonly NumberedInvoiceRow[]) =>
    rows.map((row) => ({ sequence: row.sequence, entry: invoiceEntry(row) }));
  const entries = [
    ...series('FAC', year, of(invoiceRows.filter((row) => row.type !== 'avoir')), new Map()),
    ...series('AV', year, of(invoiceRows.filter((row) => row.type === 'avoir')), new Map()),
    ...series(
      'DEV',
      year,
      quoteRows.map((row) => ({ sequence: row.sequence, entry: quoteEntry(row) })),
      deletedQuotes,
    ),
  ];
  return { annee: year, resume: summaryOf(entries), entrees: entries };
}
