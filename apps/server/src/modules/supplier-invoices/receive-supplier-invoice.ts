import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type SupplierInvoiceRow, supplierInvoices } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { publishEvents } from '../../lib/events/publish.js';
import { notify } from '../notifications/notify.js';
import { parseEInvoice } from './parse-einvoice.js';
import type { ParsedEInvoice } from './parsed-einvoice.js';
import { sellerKey } from './seller-key.js';

export interface IncomingSupplierInvoice {
  userId: string;
  content: Buffer;
  fileName: string;
  source: SupplierInvoiceRow['source'];
  /** The platform's flow id (source plateforme). */
  flowId?: string;
  at: Date;
  /**
   * The content already read (parseEInvoice), so that no transaction is held open while a file waits for
   * a reading thread; read here when absent.
   */
  parsed?: ParsedEInvoice;
}

/**
 * Puts a received invoice in the user's « Factures fournisseurs » inbox, in the caller's transaction:
 * parsed, its original kept byte for byte with its SHA-256, announced live and notified. A duplicate
 * (same seller and number) is not stored twice: `duplicate` is then the row already there, and nobody is
 * told again (a platform may deliver a flow twice). Unreadable files throw parseEInvoice's AppError.
 */
export async function receiveSupplierInvoice(
  tx: Tx,
  incoming: IncomingSupplierInvoice,
): Promise<{ invoice: SupplierInvoiceRow; duplicate: boolean }> {
  const parsed = incoming.parsed ?? (await parseEInvoice(incoming.content));
  const key = sellerKey(parsed.seller);
  const [inserted] = await tx
    .insert(supplierInvoices)
    .values({
      userId: incoming.userId,
      source: incoming.source,
      flowId: incoming.flowId ?? null,
      original: incoming.content,
      originalSha256: createHash('sha256').update(incoming.content).digest('hex'),
      originalFormat: parsed.format,
      fileName: incoming.fileName,
      typeCode: parsed.typeCode,
      numero: parsed.numero,
      dateEmission: parsed.dateEmission,
      dateEcheance: parsed.dateEcheance,
      currency: parsed.currency,
      sellerName: parsed.seller.name,
      sellerSiren: parsed.seller.siren,
      sellerSiret: parsed.seller.siret,
      sellerVatNumber: parsed.seller.vatNumber,
      sellerKey: key,
      sellerAddress: parsed.seller.address,
      buyerName: parsed.buyer.name,
      totalHtCents: parsed.totalHtCents,
      totalVatCents: parsed.totalVatCents,
      totalTtcCents: parsed.totalTtcCents,
      amountDueCents: parsed.amountDueCents,
      iban: parsed.iban,
      bic: parsed.bic,
      lines: parsed.lines,
      vatBreakdown: parsed.vatBreakdown,
      notes: parsed.notes,
      createdAt: incoming.at,
      updatedAt: incoming.at,
    })
    // The unique (user, seller, number) decides, even when two deliveries race.
    .onConflictDoNothing({
      target: [supplierInvoices.userId, supplierInvoices.sellerKey, supplierInvoices.numero],
    })
    .returning();
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(supplierInvoices)
      .where(
        and(
          eq(supplierInvoices.userId, incoming.userId),
          eq(supplierInvoices.sellerKey, key),
          eq(supplierInvoices.numero, parsed.numero),
        ),
      );
    if (!existing) throw new Error('supplier invoice conflict without a row');
    return { invoice: existing, duplicate: true };
  }
  await publishEvents(tx, [
    {
      userId: incoming.userId,
      type: 'supplier_invoice.received',
      data: { factureFournisseurId: inserted.id, numero: inserted.numero },
    },
  ]);
  // No queueMail: « facture_fournisseur_recue » is an in-app kind (never e-mailed): appUrl serves nothing.
  await notify(
    { tx, appUrl: '' },
    {
      userId: incoming.userId,
      kind: 'facture_fournisseur_recue',
      titre: `Facture fournisseur ${inserted.numero} reçue de ${inserted.sellerName}`,
      lien: `/factures-fournisseurs/${inserted.id}`,
    },
  );
  return { invoice: inserted, duplicate: false };
}
