import { createHash } from 'node:crypto';
import type { ApiErrorBody, Purchase, SupplierInvoice, SupplierInvoiceList } from '@facturo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { facturxFromSupplier, ublInvoice, uploadEInvoice } from '../../test/einvoice-samples.js';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { embeddedFile } from '../../test/pdf.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date('2026-06-15T10:00:00Z')));

const get = (token: string, url: string) => t.request({ method: 'GET', url, token });
const post = (token: string, url: string, body?: object) =>
  t.request({ method: 'POST', url, token, body: body ?? {} });

async function received(token: string, xml = ublInvoice()): Promise<SupplierInvoice> {
  const res = await uploadEInvoice(t, token, xml, 'FA-2026-0042.xml');
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SupplierInvoice>();
}

describe('POST /api/factures-fournisseurs', () => {
  it('takes a Factur-X from another professional: readable, original kept byte for byte, notified', async () => {
    const buyer = await signedInUser(t);
    const { pdf, invoice } = await facturxFromSupplier(t, buyer.user.siret ?? undefined);
    const res = await uploadEInvoice(t, buyer.token, pdf, `${invoice.numero} été.pdf`);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<SupplierInvoice>();
    expect(body).toMatchObject({
      numero: invoice.numero,
      statut: 'recue',
      source: 'depot',
      format: 'facturx',
      montantHT: 500.28,
      fichier: { nom: `${invoice.numero} été.pdf`, sha256: createHash('sha256').update(pdf).digest('hex') },
      cycleDeVie: [],
    });
    expect(body.lignes).toHaveLength(2);

    const original = await t.app.inject({
      method: 'GET',
      url: `/api/factures-fournisseurs/${body._id}/original`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('application/pdf');
    expect(original.headers.etag).toBe(`"${body.fichier.sha256}"`);
    expect(original.rawPayload.equals(pdf)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/factures-fournisseurs/${body._id}/original`,
      headers: { authorization: `Bearer ${buyer.token}`, 'if-none-match': `"${body.fichier.sha256}"` },
    });
    expect(again.statusCode).toBe(304);

    const notifications = await get(buyer.token, '/api/notifications');
    expect(notifications.body).toContain(`/factures-fournisseurs/${body._id}`);
    // The first Factur-X starts the PDF thread that draws it and the reading thread (pdf.js loads there).
  }, 120_000);

  it('takes a CII XML and a UBL XML; the list is newest first and filters by status', async () => {
    const buyer = await signedInUser(t);
    const { pdf } = await facturxFromSupplier(t);
    t.clock.set(new Date('2026-06-15T10:00:00Z'));
    const cii = (await uploadEInvoice(t, buyer.token, embeddedFile(pdf), 'f.xml')).json<SupplierInvoice>();
    expect(cii.format).toBe('cii');
    t.clock.set(new Date('2026-06-15T11:00:00Z'));
    const ubl = await received(buyer.token);
    expect(ubl).toMatchObject({
      format: 'ubl',
      fournisseur: 'Papeterie Martin & Fils SARL',
      montantTTC: 1500.11,
    });
    const list = (await get(buyer.token, '/api/factures-fournisseurs')).json<SupplierInvoiceList>();
    expect(list.facturesFournisseurs.map((f) => f._id)).toEqual([ubl._id, cii._id]);
    await post(buyer.token, `/api/factures-fournisseurs/${ubl._id}/approbation`);
    const approved = await get(buyer.token, '/api/factures-fournisseurs?statut=approuvee');
    expect(approved.json<SupplierInvoiceList>().facturesFournisseurs.map((f) => f._id)).toEqual([ubl._id]);
    expect((await get(buyer.token, '/api/factures-fournisseurs?statut=autre')).statusCode).toBe(400);
  });

  it('answers 409 duplicate_supplier_invoice with the existing id for the same seller and number', async () => {
    const buyer = await signedInUser(t);
    const first = await received(buyer.token);
    // The same invoice with another name spelling: the seller is its SIREN, not its words.
    const res = await uploadEInvoice(t, buyer.token, ublInvoice({ sellerName: 'PAPETERIE MARTIN' }));
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiErrorBody>()).toMatchObject({
      errorType: 'duplicate_supplier_invoice',
      message: 'Cette facture a déjà été reçue (même fournisseur, même numéro).',
      factureFournisseurId: first._id,
    });
    // Another seller may use the same number; another buyer may receive the same invoice.
    expect((await uploadEInvoice(t, buyer.token, ublInvoice({ sellerSiren: '552100554' }))).statusCode).toBe(
      201,
    );
    expect((await uploadEInvoice(t, (await signedInUser(t)).token, ublInvoice())).statusCode).toBe(201);
    const list = (await get(buyer.token, '/api/factures-fournisseurs')).json<SupplierInvoiceList>();
    expect(list.facturesFournisseurs).toHaveLength(2);
  });

  it('refuses in French what is no e-invoice, malformed, empty or above 10 Mo', async () => {
    const { token } = await signedInUser(t);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const expectError = async (bytes: Buffer | string, status: number, errorType: string) => {
      const res = await uploadEInvoice(t, token, bytes);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json<ApiErrorBody>();
      expect(body.errorType).toBe(errorType);
      expect(body.message).toMatch(/[a-zé]/);
    };
    await expectError(png, 415, 'unsupported_invoice_file');
    await expectError('<Invoice', 400, 'invalid_einvoice');
    await expectError(
      ublInvoice().replace('<Invoice ', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice '),
      400,
      'invalid_einvoice',
    );
    await expectError(Buffer.alloc(0), 400, 'validation_error');
    await expectError(Buffer.alloc(10 * 1024 * 1024 + 1, 0x20), 413, 'payload_too_large');
    expect(
      (await get(token, '/api/factures-fournisseurs')).json<SupplierInvoiceList>().facturesFournisseurs,
    ).toEqual([]);
  });

  it('is for professionals only', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    expect((await uploadEInvoice(t, token, ublInvoice())).statusCode).toBe(403);
    expect((await get(token, '/api/factures-fournisseurs')).statusCode).toBe(403);
  });
});

describe('decisions on a received invoice', () => {
  it('approves (205) and feeds the purchases register in the same step, once', async () => {
    const buyer = await signedInUser(t);
    const invoice = await received(buyer.token);
    const res = await post(buyer.token, `/api/factures-fournisseurs/${invoice._id}/approbation`);
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json<SupplierInvoice>();
    expect(approved.statut).toBe('approuvee');
    expect(approved.cycleDeVie).toMatchObject([{ code: 205, libelle: 'Approuvée', acteur: 'acheteur' }]);
    expect(approved.achat).not.toBeNull();
    const purchase = (await get(buyer.token, `/api/achats/${approved.achat}`)).json<Purchase>();
    expect(purchase).toMatchObject({
      dateAchat: '2026-05-20',
      fournisseur: 'Papeterie Martin & Fils SARL',
      description: 'Facture FA-2026-0042',
      montantTTC: 1500.11,
      montantTVA: 250.01,
    });
    // Approving twice is refused; paying keeps the one purchase.
    const twice = await post(buyer.token, `/api/factures-fournisseurs/${invoice._id}/approbation`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ApiErrorBody>().message).toBe('Seule une facture reçue peut être approuvée.');
    const paid = await post(buyer.token, `/api/factures-fournisseurs/${invoice._id}/paiement`, {
      datePaiement: '2026-06-10',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<SupplierInvoice>()).toMatchObject({
      statut: 'payee',
      datePaiement: '2026-06-10',
      achat: approved.achat,
      cycleDeVie: [{ code: 205 }, { code: 211, montant: 1500.11, datePaiement: '2026-06-10' }],
    });
    const refused = await post(buyer.token, `/api/factures-fournisseurs/${invoice._id}/refus`, {
      motifCode: 'NON_CONFORME',
      motif: 'Trop tard',
    });
    expect(refused.statusCode).toBe(409);
  });

  it('a Factur-X approved becomes a purchase with its PDF as the receipt', async () => {
    const buyer = await signedInUser(t);
    const { pdf } = await facturxFromSupplier(t);
    const invoice = (await uploadEInvoice(t, buyer.token, pdf, 'f.pdf')).json<SupplierInvoice>();
    const approved = (
      await post(buyer.token, `/api/factures-fournisseurs/${invoice._id}/approbation`)
    ).json<SupplierInvoice>();
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/achats/${approved.achat}/justificatif`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses (210) with a reason code and words, from received or approved; the purchase goes', async () => {
    const buyer = await signedInUser(t);
    const invoice = await received(buyer.token);
    const approved = (
      await post(buyer.token, `/api/factures-fournisseurs/${invoice._id}/approbation`)
    ).json<SupplierInvoice>();
    const bad = await post(buyer.token, `/api/factures-fournisseurs/${invoice._id}/refus`, {
      motifCode: 'INCONNU',
      motif: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().message).toBe('Choisissez le motif du refus.');
    const res = await post(buyer.token, `/api/factures-fournisseurs/${invoice._id}/refus`, {
      motifCode: 'MONTANTTOTAL_ERR',
      motif: 'Le total ne correspond pas au devis.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SupplierInvoice>()).toMatchObject({
      statut: 'refusee',
      motifRefusCode: 'MONTANTTOTAL_ERR',
      motifRefus: 'Le total ne correspond pas au devis.',
      achat: null,
      cycleDeVie: [
        { code: 205 },
        { code: 210, motifCode: 'MONTANTTOTAL_ERR', motif: 'Le total ne correspond pas au devis.' },
      ],
    });
    expect((await get(buyer.token, `/api/achats/${approved.achat}`)).statusCode).toBe(404);
    const pay = await post(buyer.token, `/api/factures-fournisseurs/${invoice._id}/paiement`, {
      datePaiement: '2026-06-10',
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json<ApiErrorBody>().message).toBe(
      'Seule une facture reçue ou approuvée peut être marquée comme payée.',
    );
  });

  it('pays (211) straight from received, with an amount; refuses a future or malformed date', async () => {
    const buyer = await signedInUser(t);
    const invoice = await received(buyer.token);
    const url = `/api/factures-fournisseurs/${invoice._id}/paiement`;
    expect((await post(buyer.token, url, { datePaiement: '2026-06-16' })).json<ApiErrorBody>().message).toBe(
      'La date de paiement ne peut pas être dans le futur.',
    );
    expect((await post(buyer.token, url, { datePaiement: '2026-02-30' })).statusCode).toBe(400);
    expect((await post(buyer.token, url, { datePaiement: '2026-06-15', montant: -1 })).statusCode).toBe(400);
    const res = await post(buyer.token, url, { datePaiement: '2026-06-15', montant: 1000.5 });
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json<SupplierInvoice>();
    expect(paid).toMatchObject({ statut: 'payee', cycleDeVie: [{ code: 211, montant: 1000.5 }] });
    expect(paid.achat).not.toBeNull();
  });

  it('a credit note is approved without feeding the register (it holds money spent)', async () => {
    const buyer = await signedInUser(t);
    const credit = await received(buyer.token, ublInvoice({ creditNote: true, numero: 'AV-1' }));
    const approved = (
      await post(buyer.token, `/api/factures-fournisseurs/${credit._id}/approbation`)
    ).json<SupplierInvoice>();
    expect(approved).toMatchObject({ statut: 'approuvee', achat: null, typeDocument: '381' });
  });

  it('answers 404 for another user’s invoice and for unknown or malformed ids', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const invoice = await received(owner.token);
    for (const id of [invoice._id, '00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      expect((await get(other.token, `/api/factures-fournisseurs/${id}`)).statusCode).toBe(404);
      expect((await get(other.token, `/api/factures-fournisseurs/${id}/original`)).statusCode).toBe(404);
      expect((await post(other.token, `/api/factures-fournisseurs/${id}/approbation`)).statusCode).toBe(404);
      const refus = await post(other.token, `/api/factures-fournisseurs/${id}/refus`, {
        motifCode: 'NON_CONFORME',
        motif: 'Non',
      });
      expect(refus.statusCode).toBe(404);
      const paid = await post(other.token, `/api/factures-fournisseurs/${id}/paiement`, {
        datePaiement: '2026-06-01',
      });
      expect(paid.statusCode).toBe(404);
    }
    expect(
      (await get(owner.token, `/api/factures-fournisseurs/${invoice._id}`)).json<SupplierInvoice>().statut,
    ).toBe('recue');
  });
});
