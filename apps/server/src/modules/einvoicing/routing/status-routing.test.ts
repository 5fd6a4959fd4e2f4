import { randomUUID } from 'node:crypto';
import type {
  Invoice,
  InvoiceLifecycle,
  InvoicePayments,
  SupplierInvoice,
  SupplierInvoiceList,
} from '@facturo/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lifecycleEvents,
  notifications,
  payments,
  supplierInvoices,
  unmatchedPlatformStatuses,
  users,
} from '../../../db/schema.js';
import { parisDate } from '../../../lib/paris-date.js';
import { createUser, signedInUser, uniqueSiret } from '../../../test/factories.js';
import { startListeningTestApp, type TestApp } from '../../../test/harness.js';
import { invoiceToBusiness, queueFlow, settledFlow } from '../../../test/platform-test-kit.js';
import { waitFor } from '../../../test/smtp-server.js';
import type { CdarMessage, CdarParty } from '../cdar/cdar-message.js';
import { cdarXml } from '../cdar/cdar-xml.js';
import { applyReceivedStatus } from '../lifecycle/apply-received-status.js';
import { UNMATCHED_REASONS } from '../lifecycle/match-received-status.js';
import { platformFor } from '../platform/platform-for.js';
import { syncPlatformFlows } from '../platform/sync-flows.js';

/**
 * One company, one account, seen from the platform: statuses reach only the invoice they are about, in
 * the account that sent or received it through the platform; flows go to the one account holding the
 * routing address (a SIRET); anything else is applied to nothing and kept aside for the admin.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startListeningTestApp();
});
afterAll(async () => t?.close());

type Account = Awaited<ReturnType<typeof signedInUser>>;

const invoiceTo = (account: Account, buyerSiret: string, amount: number) =>
  invoiceToBusiness(t, account.token, buyerSiret, amount);

const lifecycleOf = async (account: Account, invoiceId: string) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/factures/${invoiceId}/cycle-de-vie`,
    token: account.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoiceLifecycle>();
};
const codesOf = async (account: Account, invoiceId: string) =>
  (await lifecycleOf(account, invoiceId)).evenements.map((e) => e.code);

const post = (account: Account, url: string, body?: unknown) =>
  t.request({ method: 'POST', url, token: account.token, ...(body ? { body } : {}) });

async function inboxOf(account: Account) {
  const res = await t.request({ method: 'GET', url: '/api/factures-fournisseurs', token: account.token });
  expect(res.statusCode).toBe(200);
  return res.json<SupplierInvoiceList>().facturesFournisseurs;
}

/** Flagged as migration 0015 flags an account that shared an open account's SIRET. */
async function flagDuplicateOf(account: Account, siret: string) {
  await t.database.db
    .update(users)
    .set({ siret, siretDuplicate: true })
    .where(eq(users.id, account.user._id));
}

/** Everything a status applied to an account would have left: events, notifications, payments, inbox. */
async function traces(userIds: string[]) {
  const db = t.database.db;
  return {
    events: await db.select().from(lifecycleEvents).where(inArray(lifecycleEvents.userId, userIds)),
    notes: (await db.select().from(notifications).where(inArray(notifications.userId, userIds))).filter(
      (n) => n.kind === 'statut_plateforme' || n.kind === 'facture_fournisseur_recue',
    ),
    payments: await db.select().from(payments).where(inArray(payments.issuerId, userIds)),
    received: await db.select().from(supplierInvoices).where(inArray(supplierInvoices.userId, userIds)),
  };
}

const unmatchedOf = (userId: string) =>
  t.database.db.select().from(unmatchedPlatformStatuses).where(eq(unmatchedPlatformStatuses.userId, userId));

describe('statuses reach only their invoice', () => {
  it('S sends three invoices to B, who approves, pays and refuses them: the accounts sharing B’s company or S’s numbers stay untouched', async () => {
    const s = await signedInUser(t);
    const b = await signedInUser(t);
    const bSiret = b.user.siret ?? '';
    const sSiret = s.user.siret ?? '';
    // R: another establishment of B's company. D: an account flagged a duplicate of B's SIRET. SD: one
    // flagged a duplicate of S's SIRET (the shape of the defect: same company, same invoice numbers).
    const r = await signedInUser(t, { siret: uniqueSiret(bSiret.slice(0, 9)) });
    const d = await signedInUser(t);
    const sd = await signedInUser(t);
    const bystanders = [r, d, sd];
    const theirs = new Map<string, Invoice[]>();
    for (const other of bystanders) {
      const list: Invoice[] = [];
      for (const amount of [100, 200, 300]) list.push(await invoiceTo(other, sSiret, amount));
      theirs.set(other.user._id, list);
    }
    await flagDuplicateOf(d, bSiret);
    await flagDuplicateOf(sd, sSiret);

    // The directory lists the one account of a SIRET; B's SIREN has two establishments here: no guess.
    const directory = await platformFor(t.platform, s.user._id);
    expect(await directory.lookupDirectory({ siret: bSiret })).toMatchObject({
      siret: bSiret,
      adresse: bSiret,
    });
    expect(await directory.lookupDirectory({ siren: bSiret.slice(0, 9) })).toBeNull();
    expect(await directory.lookupDirectory({ siret: r.user.siret ?? '' })).toMatchObject({
      siret: r.user.siret,
    });

    const sold: Invoice[] = [];
    for (const amount of [100, 200, 300]) {
      const invoice = await invoiceTo(s, bSiret, amount);
      const sent = await post(s, `/api/factures/${invoice._id}/plateforme-agreee`);
      expect(sent.statusCode, sent.body).toBe(200);
      sold.push(invoice);
    }
    // Same numbers on every side: FAC-YYYY-0001…0003.
    for (const other of bystanders) {
      expect(theirs.get(other.user._id)?.map((i) => i.numero)).toEqual(sold.map((i) => i.numero));
    }

    const inbox = await waitFor(async () => {
      const list = await inboxOf(b);
      return list.length === 3 ? list : undefined;
    });
    const receivedOf = (invoice: Invoice) => {
      const found = inbox.find((row) => row.numero === invoice.numero);
      if (!found) throw new Error(`${invoice.numero} absente de la boîte de B`);
      return found;
    };
    const [approved, paid, refused] = sold as [Invoice, Invoice, Invoice];
    const today = parisDate(t.clock.now());
    expect(
      (await post(b, `/api/factures-fournisseurs/${receivedOf(approved)._id}/approbation`)).statusCode,
    ).toBe(200);
    expect(
      (await post(b, `/api/factures-fournisseurs/${receivedOf(paid)._id}/paiement`, { datePaiement: today }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(b, `/api/factures-fournisseurs/${receivedOf(refused)._id}/refus`, {
          motifCode: 'NON_CONFORME',
          motif: 'Mention obligatoire absente',
        })
      ).statusCode,
    ).toBe(200);

    // S's three invoices read the right statuses.
    await waitFor(async () => ((await codesOf(s, approved._id)).includes(205) ? true : undefined));
    await waitFor(async () => ((await codesOf(s, paid._id)).includes(211) ? true : undefined));
    await waitFor(async () => ((await codesOf(s, refused._id)).includes(210) ? true : undefined));
    expect((await codesOf(s, approved._id)).sort()).toEqual([200, 205]);
    expect((await codesOf(s, paid._id)).sort()).toEqual([200, 211]);
    const refusal = await lifecycleOf(s, refused._id);
    expect(refusal.evenements.map((e) => e.code).sort()).toEqual([200, 210]);
    expect(refusal.avoirConseille).toBe(true);

    // S confirms the payment B declared: 212 Encaissée reaches B's received invoice, and only it.
    const declared = await t.request({
      method: 'GET',
      url: `/api/factures/${paid._id}/paiements`,
      token: s.token,
    });
    const [payment] = declared.json<InvoicePayments>().paiements;
    expect(payment).toMatchObject({ statut: 'declare', source: 'destinataire' });
    const confirmed = await post(s, `/api/factures/${paid._id}/paiements/${payment?._id}/confirmer`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const buyerSide = await waitFor(async () => {
      const res = await t.request({
        method: 'GET',
        url: `/api/factures-fournisseurs/${receivedOf(paid)._id}`,
        token: b.token,
      });
      const invoice = res.json<SupplierInvoice>();
      return invoice.cycleDeVie.some((e) => e.code === 212) ? invoice : undefined;
    });
    expect(buyerSide.statut).toBe('payee');

    // Every account syncs what its platform holds for it: the bystanders get nothing.
    for (const other of bystanders) await syncPlatformFlows(t.platform, { userId: other.user._id });
    const left = await traces(bystanders.map((o) => o.user._id));
    expect(left).toEqual({ events: [], notes: [], payments: [], received: [] });
    for (const other of bystanders) {
      for (const invoice of theirs.get(other.user._id) ?? []) {
        const read = await t.request({
          method: 'GET',
          url: `/api/factures/${invoice._id}`,
          token: other.token,
        });
        expect(read.json<Invoice>()).toMatchObject({ statutEmetteur: 'creee' });
        expect((await lifecycleOf(other, invoice._id)).evenements).toEqual([]);
      }
      expect(await unmatchedOf(other.user._id)).toEqual([]);
    }
    // B and S matched everything they were sent.
    expect(await unmatchedOf(b.user._id)).toEqual([]);
    expect(await unmatchedOf(s.user._id)).toEqual([]);

    // A forged status naming R's invoice, sent through the platform to R: applied to nothing, logged once.
    const rInvoice = theirs.get(r.user._id)?.[0];
    if (!rInvoice) throw new Error('facture de R absente');
    const forged = refusalOf(
      rInvoice.numero,
      { name: 'R', siren: bSiret.slice(0, 9), siret: r.user.siret ?? '' },
      {
        name: 'S',
        siren: sSiret.slice(0, 9),
        siret: sSiret,
      },
    );
    const queued = await queueFlow(t, {
      userId: s.user._id,
      content: Buffer.from(cdarXml(forged), 'utf8'),
      syntax: 'CDAR',
      kind: 'cdar',
    });
    // Deposited: the platform found R, the one account of that SIRET (not rejected as 221).
    expect((await settledFlow(t, queued.id)).state).toBe('deposee');
    const [kept] = await waitFor(async () => {
      const rows = await unmatchedOf(r.user._id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(kept).toMatchObject({
      statusCode: 210,
      invoiceNumero: rInvoice.numero,
      sellerSiren: bSiret.slice(0, 9),
      buyerSiren: sSiret.slice(0, 9),
      reason: UNMATCHED_REASONS.notSent,
    });
    expect(kept?.content?.toString('utf8')).toContain(rInvoice.numero);
    // A webhook and a poll bring it once.
    await syncPlatformFlows(t.platform, { userId: r.user._id });
    expect(await unmatchedOf(r.user._id)).toHaveLength(1);
    expect((await traces([r.user._id])).events).toEqual([]);
    expect(await codesOf(r, rInvoice._id)).toEqual([]);
  }, 120_000);

  it('applies nothing to an account flagged a duplicate, even for a status naming its own invoice', async () => {
    const buyer = await signedInUser(t);
    const flagged = await signedInUser(t);
    const invoice = await invoiceTo(flagged, buyer.user.siret ?? '', 100);
    const sent = await post(flagged, `/api/factures/${invoice._id}/plateforme-agreee`);
    expect(sent.statusCode, sent.body).toBe(200);
    // Another account holds its SIRET: it is flagged, as migration 0015 leaves such an account.
    const keeper = await createUser(t);
    const [kept0] = await t.database.db.select().from(users).where(eq(users.id, keeper.id));
    const flaggedSiret = kept0?.siret ?? '';
    await flagDuplicateOf(flagged, flaggedSiret);
    const message = refusalOf(
      invoice.numero,
      { name: 'Vendeur', siren: flaggedSiret.slice(0, 9), siret: flaggedSiret },
      { name: 'Acheteur', siren: buyer.user.siret?.slice(0, 9) ?? null, siret: buyer.user.siret ?? null },
    );
    for (let i = 0; i < 2; i++) {
      const applied = await t.database.db.transaction((tx) =>
        applyReceivedStatus(tx, flagged.user._id, message, 'flux-doublon', t.clock.now()),
      );
      expect(applied).toBe(false);
    }
    expect(await codesOf(flagged, invoice._id)).not.toContain(210);
    const kept = await unmatchedOf(flagged.user._id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ flowId: 'flux-doublon', reason: UNMATCHED_REASONS.notRoutable });
  });

  it('never applies a status by number alone: an invoice of the same number never sent, or sent to another buyer', async () => {
    const seller = await signedInUser(t);
    const buyer = await signedInUser(t);
    const other = await signedInUser(t);
    const sellerParty = {
      name: 'Vendeur',
      siren: seller.user.siret?.slice(0, 9) ?? null,
      siret: seller.user.siret ?? null,
    };
    const never = await invoiceTo(seller, buyer.user.siret ?? '', 100);
    const notSent = refusalOf(never.numero, sellerParty, {
      name: 'Acheteur',
      siren: buyer.user.siret?.slice(0, 9) ?? null,
    });
    const apply = (message: CdarMessage, flowId: string) =>
      t.database.db.transaction((tx) =>
        applyReceivedStatus(tx, seller.user._id, message, flowId, t.clock.now()),
      );
    expect(await apply(notSent, 'flux-jamais-envoyee')).toBe(false);
    const sentToOther = await invoiceTo(seller, other.user.siret ?? '', 100);
    expect((await post(seller, `/api/factures/${sentToOther._id}/plateforme-agreee`)).statusCode).toBe(200);
    const fromWrongBuyer = refusalOf(sentToOther.numero, sellerParty, {
      name: 'Acheteur',
      siren: buyer.user.siret?.slice(0, 9) ?? null,
    });
    expect(await apply(fromWrongBuyer, 'flux-autre-acheteur')).toBe(false);
    expect(await codesOf(seller, never._id)).toEqual([]);
    expect(await codesOf(seller, sentToOther._id)).not.toContain(210);
    const reasons = (await unmatchedOf(seller.user._id)).map((row) => [row.flowId, row.reason]).sort();
    expect(reasons).toEqual([
      ['flux-autre-acheteur', UNMATCHED_REASONS.otherBuyer],
      ['flux-jamais-envoyee', UNMATCHED_REASONS.notSent],
    ]);
    // The buyer's side: a status from a seller it never received that number from is kept aside too.
    const toBuyer: CdarMessage = {
      ...notSent,
      statusCode: 212,
      payment: { amountCents: 100, date: '2026-06-01' },
    };
    const appliedToBuyer = await t.database.db.transaction((tx) =>
      applyReceivedStatus(tx, buyer.user._id, toBuyer, 'flux-inconnu-acheteur', t.clock.now()),
    );
    expect(appliedToBuyer).toBe(false);
    expect((await unmatchedOf(buyer.user._id))[0]).toMatchObject({ reason: UNMATCHED_REASONS.notReceived });
  });
});

/** A buyer's 210 Refusée about the seller's invoice, as the buyer's solution writes it. */
function refusalOf(
  numero: string,
  seller: Omit<CdarParty, 'role'>,
  buyer: Omit<CdarParty, 'role'>,
): CdarMessage {
  const sellerParty: CdarParty = { role: 'vendeur', ...seller };
  const buyerParty: CdarParty = { role: 'acheteur', ...buyer };
  return {
    id: randomUUID(),
    issuedAt: new Date(),
    statusCode: 210,
    sender: buyerParty,
    recipient: sellerParty,
    invoice: { numero, issueDate: '2026-11-01', typeCode: '380', seller: sellerParty, buyer: buyerParty },
    reason: { code: 'NON_CONFORME', text: 'Facture jamais reçue' },
  };
}
