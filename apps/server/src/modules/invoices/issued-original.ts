import { createHash } from 'node:crypto';
import { isLocked } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type InvoiceRow, invoiceOriginals } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { appendJournal } from '../journal/journal-append.js';
import { invoiceDocument } from '../journal/journal-events.js';
import { renderInvoicePdf } from './document/pdf-pool.js';
import { brandedDocument } from './issuer-branding.js';

/**
 * The original of an issued invoice (issue 16): its PDF is drawn once, stored with its SHA-256 in
 * invoice_originals, and those exact bytes are what every later download and e-mail attachment
 * serves — what the law expects of an issued invoice, and no render at all after the first.
 *
 * When it is fixed: at the first sending (e-mail or platform, in the transaction that marks the
 * invoice sent, so what was attached is what is kept; a credit note to a platform user is sent at its
 * creation, issue 18), or else at the first download (or the yearly archive) once the
 * document is frozen — marked paid without being sent, cancelled before sending (its original
 * carries ANNULÉE), or a credit note (issued as written). Until then (a draft) the PDF is drawn
 * afresh at each download, with the issuer's current details.
 *
 * Status drawings after that moment are not added: an original fixed at sending has no PAYÉE stamp
 * and keeps its payment QR code even once paid (the app shows the payment; a stamp would change the
 * bytes of what was issued). Likewise a new logo or colour applies to drafts, never to an original.
 */

export interface InvoicePdf {
  numero: string;
  pdf: Buffer;
  /** Hex SHA-256 of an original; null for a draft's PDF, drawn afresh each time. */
  sha256: string | null;
}

/** Whether the invoice's PDF is fixed: sent, paid or cancelled (the shared lock rule), or a credit note. */
export function hasOriginal(invoice: InvoiceRow): boolean {
  return (
    invoice.type === 'avoir' ||
    isLocked({
      statutEmetteur: invoice.issuerStatus,
      sent: invoice.sentAt !== null,
      paid: invoice.paidAt !== null,
    })
  );
}

/**
 * The invoice's PDF: its stored original when it is frozen (drawn and stored by the first caller),
 * else a fresh render. `invoice` is the row as the caller's transaction sees it, changes included.
 */
export async function invoicePdf(db: DbOrTx, invoice: InvoiceRow, at = new Date()): Promise<InvoicePdf> {
  if (!hasOriginal(invoice)) {
    return {
      numero: invoice.numero,
      pdf: await renderInvoicePdf(await brandedDocument(db, invoice)),
      sha256: null,
    };
  }
  return {
    numero: invoice.numero,
    ...(await issuedOriginal(db, invoice, { at, via: 'telechargement' })),
  };
}

/** How a document came to be issued, for its journal entry (issue 18). */
export interface Issuing {
  /** The request's clock. */
  at: Date;
  via: 'email' | 'facturo' | 'plateforme_agreee' | 'telechargement' | 'relance' | 'archive';
}

/**
 * The stored original, drawn and stored on the first call. Two first calls at once (two replicas,
 * two tabs) may both draw it; `on conflict do nothing` keeps the first stored, and the other reads
 * that one back — PostgreSQL's unique check waits for the first writer's commit — so both serve the
 * same bytes.
 *
 * Issue 18: the call that stores it also journals the issue (`emission`, with the original's SHA-256),
 * in one transaction with the insert (a savepoint inside the caller's): an original is never kept
 * without its entry, nor journalled without being kept.
 */
export async function issuedOriginal(
  db: DbOrTx,
  invoice: InvoiceRow,
  issuing: Issuing = { at: new Date(), via: 'telechargement' },
): Promise<{ pdf: Buffer; sha256: string }> {
  const stored = await findOriginal(db, invoice.id);
  if (stored) return stored;
  const pdf = await renderInvoicePdf(await brandedDocument(db, invoice));
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invoiceOriginals)
      .values({ invoiceId: invoice.id, pdf, sha256 })
      .onConflictDoNothing()
      .returning({ sha256: invoiceOriginals.sha256 });
    if (!row) return false;
    await appendJournal(tx, {
      issuerId: invoice.issuerId,
      kind: 'emission',
      document: invoiceDocument(invoice),
      at: issuing.at,
      pdfSha256: sha256,
      details: { via: issuing.via, statut: invoice.issuerStatus },
    });
    return true;
  });
  if (inserted) return { pdf, sha256 };
  const winner = await findOriginal(db, invoice.id);
  if (!winner) throw new Error(`original of ${invoice.id} neither stored nor found`);
  return winner;
}

async function findOriginal(
  db: DbOrTx,
  invoiceId: string,
): Promise<{ pdf: Buffer; sha256: string } | undefined> {
  const [row] = await db
    .select({ pdf: invoiceOriginals.pdf, sha256: invoiceOriginals.sha256 })
    .from(invoiceOriginals)
    .where(eq(invoiceOriginals.invoiceId, invoiceId))
    .limit(1);
  return row;
}

/**
 * Answers GET …/pdf. An original carries its SHA-256 as a strong ETag (the same bytes for ever, so
 * a cached copy is revalidated with a 304, never downloaded again); a draft is never stored by the
 * browser, since its next download may differ.
 */
export function sendInvoicePdf(
  request: FastifyRequest,
  reply: FastifyReply,
  { numero, pdf, sha256 }: InvoicePdf,
) {
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${numero}.pdf"`);
  if (sha256 === null) return reply.header('cache-control', 'private, no-store').send(pdf);
  const etag = `"${sha256}"`;
  reply.header('cache-control', 'private, no-cache').header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(pdf);
}
