import {
  centsToEuros,
  fillReminderText,
  formatEuros,
  formatIbanForPrint,
  isBusinessClient,
  LATE_PENALTY_MULTIPLIER,
  latePenaltyCents,
  legalInterestRate,
  RECOVERY_INDEMNITY_CENTS,
  type ReminderStepSetting,
} from '@facturo/shared';
import type { InvoiceRow } from '../../db/schema.js';
import type { MailMessage } from '../../lib/mail/message.js';
import { compose } from '../../lib/mail/templates.js';
import { readClient } from '../invoices/invoice-snapshots.js';

/** What a reminder says beyond its texts: how much, how late, and who the professional is. */
export interface ReminderFacts {
  invoice: InvoiceRow;
  step: Pick<ReminderStepSetting, 'objet' | 'corps'>;
  remainingCents: number;
  daysLate: number;
  issuer: { name: string; email: string };
  pdf: Buffer;
  /** Where the client reads the invoice online: their account, or its signed link (no sign-in). */
  invoiceUrl: string;
}

/** « 15/12/2026 », as dates read in French. */
function frenchDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** « 2,76 % » from basis points. */
function percent(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
}

/**
 * The penalties a late invoice has accrued: remaining × 3 × the legal rate of the semester of its due
 * date × days / 365 (Code de commerce L441-10), and the €40 indemnity for a business client.
 */
export function latePenalties(invoice: InvoiceRow, remainingCents: number, daysLate: number) {
  const rate = legalInterestRate(invoice.dateEcheance);
  const rateBasisPoints = rate.professionalBasisPoints * LATE_PENALTY_MULTIPLIER;
  return {
    rateBasisPoints,
    rateSource: rate.source,
    penaltyCents: latePenaltyCents(
      remainingCents,
      rate.professionalBasisPoints,
      LATE_PENALTY_MULTIPLIER,
      daysLate,
    ),
    // Owed by a business client only (L441-10), read as the invoice's document reads its client.
    indemnityCents: isBusinessClient(readClient(invoice.clientSnapshot)) ? RECOVERY_INDEMNITY_CENTS : 0,
  };
}

function penaltyParagraphs(invoice: InvoiceRow, remainingCents: number, daysLate: number): string[] {
  if (daysLate <= 0) return [];
  const p = latePenalties(invoice, remainingCents, daysLate);
  const lines = [
    `Conformément à l’article L441-10 du Code de commerce, des pénalités de retard sont dues au taux de ${percent(p.rateBasisPoints)} (trois fois le taux de l’intérêt légal, ${p.rateSource}) : ${formatEuros(centsToEuros(p.penaltyCents))} à ce jour pour ${daysLate} jour${daysLate > 1 ? 's' : ''} de retard.`,
  ];
  if (p.indemnityCents > 0) {
    lines.push(
      `S’y ajoute l’indemnité forfaitaire pour frais de recouvrement de ${formatEuros(centsToEuros(p.indemnityCents))} (article D441-5 du Code de commerce).`,
    );
  }
  return lines;
}

/** « Bien cordialement », « Cordialement, » …: a closing the professional wrote, to be signed with their name. */
const CLOSING =
  /^(?:(?:bien|très)\s+)?(?:cordialement|sincèrement)|^(?:bien\s+)?(?:à\s+vous|amicalement)|^salutations|^bonne\s+(?:journée|soirée)/i;

/**
 * The body's paragraphs with the closing moved last and signed with the professional's name: the penalties
 * and the note on the PDF come before « Bien cordialement, Prénom Nom », never after it. A body that
 * already ends with the name stays as written.
 */
function signed(body: string[], extra: string[], name: string): string[] {
  const last = body.at(-1);
  if (name === '' || last?.includes(name)) return [...body, ...extra];
  const closing = last !== undefined && last.length <= 80 && CLOSING.test(last) ? last : undefined;
  const text = closing ? body.slice(0, -1) : body;
  const words = (closing ?? 'Bien cordialement').replace(/[\s,.;:!]+$/, '');
  return [...text, ...extra, `${words},\n${name}`];
}

/** The client's reminder: the professional's texts filled in, the penalties, the PDF; replies go to them. */
export function reminderEmail(facts: ReminderFacts): MailMessage {
  const { invoice, remainingCents, daysLate } = facts;
  const iban = invoice.issuerSnapshot.iban;
  const values = {
    client: invoice.clientSnapshot.nom,
    numero: invoice.numero,
    montant_du: formatEuros(centsToEuros(remainingCents)),
    echeance: frenchDate(invoice.dateEcheance),
    jours_retard: String(Math.max(0, daysLate)),
    // The invoice's page: in the client's account, or through its signed link, with the payment details.
    lien_paiement: facts.invoiceUrl,
    iban: iban ? formatIbanForPrint(iban) : 'voir les coordonnées sur la facture jointe',
  };
  const body = fillReminderText(facts.step.corps, values)
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const paragraphs = signed(
    body,
    [
      ...penaltyParagraphs(invoice, remainingCents, daysLate),
      `Vous trouverez ci-joint la facture ${invoice.numero}. Pour toute question, répondez simplement à cet email : votre réponse parviendra à ${facts.issuer.name}.`,
    ],
    facts.issuer.name,
  );
  const subject = fillReminderText(facts.step.objet, values) || `Facture ${invoice.numero}`;
  return {
    ...compose('invoice', invoice.clientSnapshot.email, subject, paragraphs, undefined, true),
    replyTo: { name: facts.issuer.name, address: facts.issuer.email },
    attachments: [
      {
        filename: `${invoice.numero}.pdf`,
        contentType: 'application/pdf',
        contentBase64: facts.pdf.toString('base64'),
      },
    ],
  };
}
