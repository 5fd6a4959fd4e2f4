import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invoices, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import type { InvoiceRecord } from '../invoices/invoices.repo.js';

const recipientUser = alias(users, 'recipient_user');

/**
 * The invoice a signed link names, with its recipient and credit notes, whoever asks: the link's signature
 * is the permission. Only a sent invoice: a draft has no link, and a deleted one none any more.
 */
export async function findLinkedInvoice(db: DbOrTx, id: string): Promise<InvoiceRecord | undefined> {
  const [row] = await db
    .select({
      invoice: invoices,
      recipient: {
        id: recipientUser.id,
        nom: recipientUser.nom,
        prenom: recipientUser.prenom,
        email: recipientUser.email,
      },
    })
    .from(invoices)
    .leftJoin(recipientUser, eq(recipientUser.id, invoices.recipientId))
    .where(and(eq(invoices.id, id), isNotNull(invoices.sentAt)))
    .limit(1);
  if (!row) return undefined;
  const credits = await db
    .select({
      id: invoices.id,
      numero: invoices.numero,
      dateEmission: invoices.dateEmission,
      totalTtcCents: invoices.totalTtcCents,
    })
    .from(invoices)
    .where(eq(invoices.creditedInvoiceId, id))
    .orderBy(asc(invoices.year), asc(invoices.sequence));
  return { ...row, credits };
}
