import { MESSAGES, PAYMENT_MESSAGES } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, notifications, users } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { readOutbox, waitForMail } from '../../test/outbox.js';
import { call, invoiceOf, pay, paymentsOf, saleOnPlatform } from './payments-test-kit.js';

/**
 * A payment declared by the client: « Paiement signalé » on the payer's side until confirmed, the issuer
 * e-mailed (opt-out), a refusal with its reason told to the payer, and no payment on what is not payable.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const declare = (token: string, id: string) => call(t, token, 'PATCH', `/factures/${id}/payer`);

describe('A declared payment', () => {
  it('reads « Paiement signalé » on the payer’s side, never « Payée », and e-mails the issuer', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 180);
    expect((await declare(recipient.token, invoice._id)).statusCode).toBe(200);
    const seen = await invoiceOf(t, recipient.token, invoice._id);
    expect(seen.cycle).toMatchObject({
      etat: 'paiement_signale',
      libelle: 'Paiement signalé',
      resteCents: 18000,
    });
    expect((await invoiceOf(t, issuer.token, invoice._id)).cycle.paiementSignale).toBe(true);
    await waitForMail(t.outboxDir, issuer.email, 'a déclaré avoir payé');
  });

  it('e-mails nothing to an issuer who opted out', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 20);
    await t.database.db
      .update(users)
      .set({ notificationPrefs: { paiement_declare: { email: false } } })
      .where(eq(users.id, issuer.id));
    expect((await declare(recipient.token, invoice._id)).statusCode).toBe(200);
    const mails = await readOutbox(t.outboxDir);
    expect(mails.filter((m) => m.to === issuer.email && m.subject.includes('déclaré'))).toEqual([]);
  });

  it('is refused only with a reason, which the payer reads in the app and by e-mail', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 90);
    await declare(recipient.token, invoice._id);
    const [declared] = (await paymentsOf(t, issuer.token, invoice._id)).paiements;
    const url = `/factures/${invoice._id}/paiements/${declared?._id}/rejeter`;
    for (const body of [{}, { motif: '  ' }, { motif: 'x'.repeat(501) }]) {
      const res = await call(t, issuer.token, 'POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const rejected = await call(t, issuer.token, 'POST', url, { motif: 'Aucun virement reçu' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().paiements).toEqual([
      expect.objectContaining({ statut: 'rejete', motifRejet: 'Aucun virement reçu' }),
    ]);
    const [row] = await t.database.db
      .select({ declaredCents: invoices.declaredCents })
      .from(invoices)
      .where(eq(invoices.id, invoice._id));
    expect(row?.declaredCents).toBe(0);
    expect((await invoiceOf(t, recipient.token, invoice._id)).cycle.etat).not.toBe('paiement_signale');
    const told = await t.database.db
      .select({ titre: notifications.titre })
      .from(notifications)
      .where(and(eq(notifications.userId, recipient.id), eq(notifications.kind, 'paiement_rejete')));
    expect(told).toEqual([{ titre: expect.stringContaining('Aucun virement reçu') }]);
    const mail = await waitForMail(t.outboxDir, recipient.email, 'paiement que vous avez signalé');
    expect(mail.subject).toContain('Aucun virement reçu');
  });

  it('confirmed, counts and clears the signal', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 40);
    await declare(recipient.token, invoice._id);
    const [declared] = (await paymentsOf(t, issuer.token, invoice._id)).paiements;
    const url = `/factures/${invoice._id}/paiements/${declared?._id}/confirmer`;
    expect((await call(t, issuer.token, 'POST', url)).statusCode).toBe(200);
    expect((await invoiceOf(t, recipient.token, invoice._id)).cycle).toMatchObject({
      etat: 'payee',
      paiementSignale: false,
    });
  });
});

describe('A payment on what is not payable', () => {
  it('is refused on a refused invoice, recorded or declared', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 70);
    await t.database.db.update(invoices).set({ dispute: 'refusee' }).where(eq(invoices.id, invoice._id));
    const recorded = await pay(t, issuer.token, invoice._id, 10);
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json()).toEqual({
      errorType: 'invoice_not_payable',
      message: MESSAGES.invoiceNotPayable,
    });
    const marked = await call(t, issuer.token, 'PUT', `/factures/${invoice._id}/statut-emetteur`, {
      statutEmetteur: 'payee',
    });
    expect(marked.statusCode).toBe(409);
    const declared = await declare(recipient.token, invoice._id);
    expect(declared.json()).toMatchObject({ errorType: 'invoice_not_payable' });
    expect((await paymentsOf(t, issuer.token, invoice._id)).paiements).toEqual([]);
  });

  it('keeps its own refusal for a credit note', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 30);
    const credit = await call(t, issuer.token, 'POST', `/factures/${invoice._id}/avoir`, { motif: 'Erreur' });
    const res = await pay(t, issuer.token, credit.json()._id, 10);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.creditNote);
  });
});
