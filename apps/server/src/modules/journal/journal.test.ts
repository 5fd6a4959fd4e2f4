import { randomUUID } from 'node:crypto';
import { JOURNAL_GENESIS_HASH } from '@facturo/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOriginals } from '../../db/schema.js';
import { clientWithInvoice, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice } from '../../test/invoice-requests.js';
import { call, pay, saleOnPlatform } from '../payments/payments-test-kit.js';
import { appendJournal, journalContent } from './journal-append.js';
import { chainHash } from './journal-hash.js';
import { entriesOf, summaryOf, verificationOf } from './journal-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('the journal of real actions', () => {
  it('records create, send, open, remind, pay, credit and settle, in order, chained', async () => {
    const sale = await saleOnPlatform(t, 100);
    const { issuer, recipient, invoice } = sale;
    // The recipient opens it: « vue » on their side, in the issuer's chain.
    expect((await call(t, recipient.token, 'GET', `/factures/${invoice._id}`)).statusCode).toBe(200);
    const reminded = await call(t, issuer.token, 'POST', `/factures/${invoice._id}/relances`);
    expect(reminded.statusCode, reminded.body).toBe(201);
    expect((await pay(t, issuer.token, invoice._id, 40)).statusCode).toBe(201);
    const credit = await creditInvoice(t, issuer.token, invoice._id, {
      motif: 'Remise',
      lignes: [{ description: 'Remise', quantite: 1, prixUnitaire: 10 }],
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect((await pay(t, issuer.token, invoice._id, 50)).statusCode).toBe(201);

    const rows = await entriesOf(t, issuer.id);
    expect(rows.map(summaryOf)).toEqual([
      'numero_attribue',
      'statut emetteur creee→envoyee',
      'emission',
      'statut destinataire non_vue→vue',
      'relance',
      'paiement',
      'numero_attribue',
      'avoir',
      'emission',
      'paiement',
      'statut emetteur envoyee→payee',
    ]);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0]?.previousHash).toBe(JOURNAL_GENESIS_HASH);
    for (const [i, row] of rows.entries()) {
      expect(row.hash).toBe(chainHash(row.previousHash, row.content));
      if (i > 0) expect(row.previousHash).toBe(rows[i - 1]?.hash);
    }
    // The number given in the creation's one statement: its content is journalContent's, to the byte.
    const [numbered] = rows;
    const content = JSON.parse(numbered?.content ?? '{}') as { date: string };
    expect(numbered?.numero).toBe(invoice.numero);
    expect(numbered?.content).toBe(
      journalContent({
        issuerId: issuer.id,
        kind: 'numero_attribue',
        document: { type: 'facture', id: invoice._id, numero: invoice.numero },
        at: new Date(content.date),
        details: { montantTtcCents: 10000, statut: 'creee' },
      }),
    );
    // The issue carries the stored original's SHA-256.
    const [original] = await t.database.db
      .select({ sha256: invoiceOriginals.sha256 })
      .from(invoiceOriginals)
      .where(eq(invoiceOriginals.invoiceId, invoice._id));
    const emission = rows.find((r) => r.kind === 'emission');
    expect(emission?.pdfSha256).toBe(original?.sha256);
    // Amounts, methods and the reminder's step are in the details.
    const details = (kind: string) =>
      rows.filter((r) => r.kind === kind).map((r) => (JSON.parse(r.content) as { details: object }).details);
    expect(details('paiement')[0]).toMatchObject({
      montantCents: 4000,
      methode: 'virement',
      statut: 'confirme',
    });
    expect(details('relance')[0]).toMatchObject({
      etape: 'manuel',
      automatique: false,
      resteDuCents: 10000,
    });
    expect(details('avoir')[0]).toMatchObject({ montantTtcCents: 1000 });
    // The credit note's number is on its own line, as a credit note.
    const creditNote = credit.json<{ _id: string; numero: string }>();
    expect(rows[6]).toMatchObject({
      documentType: 'avoir',
      documentId: creditNote._id,
      numero: creditNote.numero,
    });
    expect(rows[7]).toMatchObject({ kind: 'avoir', documentId: invoice._id });
    // Delivered on the platform at once, the credit note is issued at once, with its original's SHA-256.
    const [creditOriginal] = await t.database.db
      .select({ sha256: invoiceOriginals.sha256 })
      .from(invoiceOriginals)
      .where(eq(invoiceOriginals.invoiceId, creditNote._id));
    expect(rows[8]).toMatchObject({
      kind: 'emission',
      documentId: creditNote._id,
      pdfSha256: creditOriginal?.sha256,
    });

    expect(await verificationOf(t, issuer.token)).toEqual({
      valide: true,
      evenements: rows.length,
      dernierHash: rows.at(-1)?.hash,
    });
  });

  it('journals a cancellation, a declared then rejected payment, and a first download', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    expect((await call(t, issuer.token, 'DELETE', `/factures/${invoice._id}`)).statusCode).toBe(204);
    const cancelledPdf = await call(t, issuer.token, 'GET', `/factures/${invoice._id}/pdf`);
    expect(cancelledPdf.statusCode).toBe(200);

    const sale = await saleOnPlatform(t, 80);
    const declared = await call(
      t,
      sale.recipient.token,
      'PUT',
      `/factures/${sale.invoice._id}/statut-destinataire`,
      {
        statutDestinataire: 'payee',
      },
    );
    expect(declared.statusCode, declared.body).toBe(200);
    const [waiting] = (
      await call(t, sale.issuer.token, 'GET', `/factures/${sale.invoice._id}/paiements`)
    ).json<{
      paiements: { _id: string }[];
    }>().paiements;
    const rejected = await call(
      t,
      sale.issuer.token,
      'POST',
      `/factures/${sale.invoice._id}/paiements/${waiting?._id}/rejeter`,
      { motif: 'Aucun virement reçu' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);

    expect((await entriesOf(t, issuer.user._id)).map(summaryOf)).toEqual([
      'numero_attribue',
      'annulation',
      'emission',
    ]);
    expect((await entriesOf(t, sale.issuer.id)).map(summaryOf)).toEqual([
      'numero_attribue',
      'statut emetteur creee→envoyee',
      'emission',
      'statut destinataire non_vue→payee',
      'paiement',
      'paiement_rejete',
      'statut destinataire payee→vue',
    ]);
    expect((await verificationOf(t, sale.issuer.token)).valide).toBe(true);
  });

  it('keeps nothing of an action that rolled back', async () => {
    const down = await startTestApp(
      {},
      {
        enqueueMail: async () => {
          throw new Error('file de messages indisponible');
        },
      },
    );
    try {
      const issuer = await signedInUser(down);
      const { invoice } = await clientWithInvoice(down, issuer.token);
      const res = await down.request({
        method: 'POST',
        url: `/api/factures/${invoice._id}/send-email`,
        token: issuer.token,
        body: { to: 'client@example.com', subject: 'Votre facture', message: 'Bonjour' },
      });
      expect(res.statusCode).toBe(500);
      // Status change, original and issue all undone with the e-mail's job: only the number remains.
      expect((await entriesOf(down, issuer.user._id)).map(summaryOf)).toEqual(['numero_attribue']);
    } finally {
      await down.close();
    }
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the journal', async () => {
    const issuerId = randomUUID();
    await appendJournal(t.database.db, { issuerId, kind: 'numero_attribue', at: new Date() });
    const statements = [
      sql`update journal_entries set content = 'x' where issuer_id = ${issuerId}`,
      sql`update journal_entries set pdf_sha256 = 'x' where issuer_id = ${issuerId}`,
      sql`delete from journal_entries where issuer_id = ${issuerId}`,
      sql`truncate journal_entries`,
    ];
    for (const statement of statements) {
      // The database's own refusal (drizzle wraps it: the driver's error is the cause).
      await expect(t.database.db.execute(statement)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/ajout seul/) },
      });
    }
    expect(await entriesOf(t, issuerId)).toHaveLength(1);
  });

  it('is for professionals only', async () => {
    const particulier = await signedInUser(t, { role: 'particulier', siret: null });
    const res = await call(t, particulier.token, 'GET', '/journal/verification');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'requires_upgrade' });
    expect((await call(t, '', 'GET', '/journal/verification')).statusCode).toBe(401);
  });
});
