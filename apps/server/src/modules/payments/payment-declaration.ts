import type { InvoiceRow, UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import type { QueueMail } from '../../lib/mail/mail-queue.js';
import { parisDate } from '../../lib/paris-date.js';
import { assertCounterpartReachable } from '../account/counterpart.guard.js';
import { refreshDeclaredCents } from '../invoices/document-life.repo.js';
import { journalPayment } from '../journal/journal-events.js';
import { notify } from '../notifications/notify.js';
import { refuseUnpayable } from './payable.js';
import { remainingOf } from './payment-settlement.js';
import { insertPayment } from './payments.repo.js';

export interface DeclarationDeps {
  tx: Tx;
  queueMail: QueueMail;
  appUrl: string;
  now: Date;
}

/** « Jeanne Martin », else the e-mail: who the issuer is told declared the payment. */
const nameOf = (user: UserRow) => [user.prenom, user.nom].filter(Boolean).join(' ').trim() || user.email;

/**
 * The recipient's « payée » (SPEC §4's mark-paid, issue 17): a payment DECLARED by the client, of what
 * remained due, dated today. It counts only once the issuer confirms it (payments.service.ts); the issuer
 * is told at once (notification `paiement_declare`). Nothing due (credited, deposits): no payment, the
 * recipient's status alone says « payée ».
 */
export async function declarePayment(
  deps: DeclarationDeps,
  invoice: InvoiceRow,
  recipient: UserRow,
): Promise<void> {
  // An issuer whose account is closed or suspended would never confirm it (« En attente » forever).
  await assertCounterpartReachable(deps.tx, invoice.issuerId);
  const remaining = await remainingOf(deps.tx, invoice);
  if (remaining === 0) return;
  await refuseUnpayable(deps.tx, invoice, deps.now);
  const payment = await insertPayment(deps.tx, {
    invoiceId: invoice.id,
    issuerId: invoice.issuerId,
    datePaiement: parisDate(deps.now),
    amountCents: remaining,
    method: 'autre',
    status: 'declare',
    source: 'destinataire',
  });
  await refreshDeclaredCents(deps.tx, invoice.id);
  // The client's declaration goes to the issuer's chain.
  await journalPayment(deps.tx, invoice, 'paiement', payment, deps.now);
  await notify(
    { tx: deps.tx, queueMail: deps.queueMail, appUrl: deps.appUrl },
    {
      userId: invoice.issuerId,
      kind: 'paiement_declare',
      titre: `${nameOf(recipient)} a déclaré avoir payé la facture ${invoice.numero}`,
      lien: `/factures/${invoice.id}`,
    },
  );
}
