import { DOCUMENT_TITLES, type InvitationDocumentKind } from '@facturo/shared';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { invoices, quotes, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

export interface InvitationDocument {
  kind: InvitationDocumentKind;
  id: string;
  libelle: string;
  numero: string;
  totalTtcCents: number;
  issuerName: string;
  sentAt: Date;
}

/**
 * The document an invitation is about: the latest one sent on the platform to the invited account (an
 * account without a password received documents only through invitations, the newest link naming the
 * newest document). Null when there is none any more.
 */
export async function latestReceivedDocument(db: DbOrTx, userId: string): Promise<InvitationDocument | null> {
  const [invoice] = await db
    .select({
      id: invoices.id,
      type: invoices.type,
      numero: invoices.numero,
      totalTtcCents: invoices.totalTtcCents,
      sentAt: invoices.sentAt,
      prenom: users.prenom,
      nom: users.nom,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.issuerId))
    .where(and(eq(invoices.recipientId, userId), isNotNull(invoices.sentAt)))
    .orderBy(desc(invoices.sentAt), desc(invoices.createdAt))
    .limit(1);
  const [quote] = await db
    .select({
      id: quotes.id,
      numero: quotes.numero,
      totalTtcCents: quotes.totalTtcCents,
      sentAt: quotes.sentAt,
      prenom: users.prenom,
      nom: users.nom,
    })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.issuerId))
    .where(and(eq(quotes.recipientId, userId), isNotNull(quotes.sentAt)))
    .orderBy(desc(quotes.sentAt), desc(quotes.createdAt))
    .limit(1);
  const candidates: InvitationDocument[] = [];
  if (invoice?.sentAt) {
    candidates.push({
      kind: 'facture',
      id: invoice.id,
      libelle: DOCUMENT_TITLES[invoice.type],
      numero: invoice.numero,
      totalTtcCents: invoice.totalTtcCents,
      issuerName: `${invoice.prenom} ${invoice.nom}`.trim(),
      sentAt: invoice.sentAt,
    });
  }
  if (quote?.sentAt) {
    candidates.push({
      kind: 'devis',
      id: quote.id,
      libelle: DOCUMENT_TITLES.devis,
      numero: quote.numero,
      totalTtcCents: quote.totalTtcCents,
      issuerName: `${quote.prenom} ${quote.nom}`.trim(),
      sentAt: quote.sentAt,
    });
  }
  candidates.sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
  return candidates[0] ?? null;
}
