import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, notifications } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { ublInvoice } from '../../test/einvoice-samples.js';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { receiveSupplierInvoice } from './receive-supplier-invoice.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/* receiveSupplierInvoice as the platform's sync calls it, in its own transaction. */
describe('receiveSupplierInvoice', () => {
  it('stores a platform flow once: a second delivery answers the same row, announced and notified once', async () => {
    const { user } = await signedInUser(t);
    const db = t.database.db;
    const incoming = {
      userId: user._id,
      content: Buffer.from(ublInvoice({ numero: 'PF-1' })),
      fileName: 'flux.xml',
      source: 'plateforme' as const,
      flowId: 'flow-123',
      at: new Date('2026-06-15T10:00:00Z'),
    };
    const first = await db.transaction((tx) => receiveSupplierInvoice(tx, incoming));
    expect(first.duplicate).toBe(false);
    expect(first.invoice).toMatchObject({
      source: 'plateforme',
      flowId: 'flow-123',
      numero: 'PF-1',
      sellerKey: 'siren:732829320',
      status: 'recue',
      totalTtcCents: 150_011,
      originalFormat: 'ubl',
    });
    expect(first.invoice.original.equals(incoming.content)).toBe(true);
    const second = await db.transaction((tx) =>
      receiveSupplierInvoice(tx, { ...incoming, flowId: 'flow-456' }),
    );
    expect(second).toMatchObject({ duplicate: true, invoice: { id: first.invoice.id, flowId: 'flow-123' } });

    const events = await db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.userId, user._id), eq(liveEvents.type, 'supplier_invoice.received')));
    expect(events.map((e) => e.data)).toEqual([{ factureFournisseurId: first.invoice.id, numero: 'PF-1' }]);
    const told = await db.select().from(notifications).where(eq(notifications.userId, user._id));
    expect(told).toMatchObject([
      {
        kind: 'facture_fournisseur_recue',
        titre: 'Facture fournisseur PF-1 reçue de Papeterie Martin & Fils SARL',
        lien: `/factures-fournisseurs/${first.invoice.id}`,
      },
    ]);
  });

  it('throws the parser’s AppError for an unreadable flow, storing nothing', async () => {
    const { user } = await signedInUser(t);
    const attempt = t.database.db.transaction((tx) =>
      receiveSupplierInvoice(tx, {
        userId: user._id,
        content: Buffer.from('<Invoice'),
        fileName: 'x.xml',
        source: 'plateforme',
        at: new Date(),
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 400, errorType: 'invalid_einvoice' });
  });
});
