import { formatEuros, type Invoice, type SendInvoiceEmailInput } from '@facturo/shared';
import { formatDateFr } from '../dates';

type EmailSource = Pick<Invoice, 'numero' | 'montantTTC' | 'dateEcheance' | 'client' | 'emetteur'>;

/**
 * The message the Email popup starts with (SPEC §2: personalised): what the invoice is, what is owed
 * and by when, signed by the issuer. Blank lines separate paragraphs, as the e-mail template expects;
 * the server adds the sentence about the attached Factur-X PDF itself, so it is not repeated here.
 */
export function defaultEmailMessage(invoice: EmailSource): string {
  const signature = `${invoice.emetteur.prenom} ${invoice.emetteur.nom}`.trim();
  return [
    'Bonjour,',
    `Je vous adresse la facture ${invoice.numero} d'un montant de ${formatEuros(invoice.montantTTC)} TTC, à régler au plus tard le ${formatDateFr(invoice.dateEcheance)}.`,
    'Je vous remercie par avance pour votre règlement et reste à votre disposition pour toute question.',
    signature ? `Cordialement,\n${signature}` : 'Cordialement,',
  ].join('\n\n');
}

/** The popup's starting values: the client's e-mail, "Facture {numero}", the message above. */
export function defaultEmailValues(invoice: EmailSource): SendInvoiceEmailInput {
  return {
    to: invoice.client.email,
    subject: `Facture ${invoice.numero}`,
    message: defaultEmailMessage(invoice),
  };
}

/** SPEC §5: Send stays disabled while the recipient or the subject is blank. */
export function isBlank(value: string | undefined): boolean {
  return (value ?? '').trim() === '';
}
