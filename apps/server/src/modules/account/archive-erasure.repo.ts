import { and, eq, inArray, isNotNull, isNull, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  conversations,
  einvoicingConnections,
  ereportingSubmissions,
  invoiceCounters,
  invoiceReminders,
  invoices,
  journalEntries,
  journalHeads,
  lifecycleEvents,
  liveEvents,
  notifications,
  platformFlows,
  purchases,
  quotes,
  receivedWebhooks,
  reminderPlans,
  supplierInvoices,
  yearlyArchives,
} from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { eraseUnusedClients } from './account-closure.repo.js';

/**
 * « Supprimer définitivement »: what the closed account's books hold that is its holder's alone goes, inside
 * the caller's transaction. Erased: purchases and their receipts, received supplier invoices and their files
 * (with their statuses), yearly archives, the numbering counters, the e-invoicing connection and its flows,
 * reminders and notifications, and every document no recipient account holds — drafts, quotes and invoices
 * never received in Facturo (their payments, originals and threads with them) — then the clients nothing
 * names any more. Kept: what a recipient account holds (an invoice or a quote received in Facturo, a credit
 * note of it, the invoice a held credit note corrects, the quote a held invoice comes from), shown to them
 * with the issuer « Compte clôturé ». The journal goes last (eraseJournal), once the sign-in is gone.
 */
export async function eraseArchiveBooks(tx: Tx, userId: string): Promise<void> {
  // The received side first: a supplier invoice's statuses cascade with it, its purchase row goes next.
  await tx.delete(supplierInvoices).where(eq(supplierInvoices.userId, userId));
  await tx.delete(purchases).where(eq(purchases.userId, userId));
  await tx.delete(yearlyArchives).where(eq(yearlyArchives.userId, userId));
  await eraseUnheldInvoices(tx, userId);
  await tx
    .delete(quotes)
    .where(
      and(
        eq(quotes.issuerId, userId),
        isNull(quotes.recipientId),
        notExists(tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.quoteId, quotes.id))),
      ),
    );
  await eraseUnusedClients(tx, userId);
  // The register's counters: the kept documents carry their own numbers, nothing will be numbered again.
  await tx.delete(invoiceCounters).where(eq(invoiceCounters.issuerId, userId));
  await tx.delete(invoiceReminders).where(eq(invoiceReminders.issuerId, userId));
  await tx.delete(reminderPlans).where(eq(reminderPlans.userId, userId));
  // Flows of kept invoices stay beside their lifecycle statuses, which the recipient's timeline reads.
  await tx
    .delete(platformFlows)
    .where(and(eq(platformFlows.userId, userId), isNull(platformFlows.invoiceId)));
  await tx.delete(ereportingSubmissions).where(eq(ereportingSubmissions.userId, userId));
  await tx.delete(receivedWebhooks).where(eq(receivedWebhooks.userId, userId));
  await tx.delete(einvoicingConnections).where(eq(einvoicingConnections.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(liveEvents).where(eq(liveEvents.userId, userId));
}

/** The user's invoices no recipient holds: never received in Facturo, nor corrected by a held credit note. */
function unheldInvoiceIds(tx: Tx, userId: string) {
  const heldCreditNote = alias(invoices, 'held_credit_note');
  return tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.issuerId, userId),
        isNull(invoices.recipientId),
        notExists(
          tx
            .select({ id: heldCreditNote.id })
            .from(heldCreditNote)
            .where(
              and(eq(heldCreditNote.creditedInvoiceId, invoices.id), isNotNull(heldCreditNote.recipientId)),
            ),
        ),
      ),
    );
}

async function eraseUnheldInvoices(tx: Tx, userId: string): Promise<void> {
  // What points at them with RESTRICT goes first; payments, reminders and originals cascade.
  await tx.delete(lifecycleEvents).where(inArray(lifecycleEvents.invoiceId, unheldInvoiceIds(tx, userId)));
  await tx.delete(platformFlows).where(inArray(platformFlows.invoiceId, unheldInvoiceIds(tx, userId)));
  await tx
    .delete(conversations)
    .where(
      and(eq(conversations.kind, 'facture'), inArray(conversations.invoiceId, unheldInvoiceIds(tx, userId))),
    );
  // Credit notes before what they correct (credited_invoice_id is RESTRICT).
  await tx
    .delete(invoices)
    .where(and(eq(invoices.type, 'avoir'), inArray(invoices.id, unheldInvoiceIds(tx, userId))));
  await tx.delete(invoices).where(inArray(invoices.id, unheldInvoiceIds(tx, userId)));
}

/**
 * The erased issuer's journal — entries, closings and head. Its triggers (migration 0024) refuse this for
 * anyone but an issuer whose account is erased (closed, with neither sign-in, archive address nor retention
 * date): call it after eraseArchive, in the same transaction.
 */
export async function eraseJournal(tx: Tx, userId: string): Promise<void> {
  await tx.delete(journalHeads).where(eq(journalHeads.issuerId, userId));
  await tx.delete(journalEntries).where(eq(journalEntries.issuerId, userId));
}
