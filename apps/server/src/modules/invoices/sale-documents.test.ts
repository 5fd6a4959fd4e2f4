import { DOCUMENT_MESSAGES, type Invoice, type InvoiceListItem } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { section, validateAgainstXsd, value } from '../../test/facturx.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice, markInvoiceSent } from '../../test/invoice-requests.js';
import { embeddedFile, pdfPageText } from '../../test/pdf.js';
import {
  acceptOffPlatform,
  call,
  createQuote,
  depositInvoice,
  newClient,
  issuer as newIssuer,
} from '../quotes/quote-test-kit.js';

/**
 * The documents of one sale over HTTP (issue 15): deposits (386) naming their quote, a deposit partly
 * credited, the final invoice deducting the deposits net of that credit (BT-113, BT-115), as the API, the
 * PDF and the XML say them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const cents = (euros: number) => Math.round(euros * 100);

async function xmlOf(token: string, id: string) {
  const res = await t.request({ method: 'GET', url: `/api/factures/${id}/pdf`, token });
  expect(res.statusCode, res.body).toBe(200);
  return { xml: embeddedFile(res.rawPayload).toString('utf8'), text: pdfPageText(res.rawPayload) };
}

describe('a sale’s documents', () => {
  it('deposit, credited deposit and final invoice agree in the API, the PDF and the XML', async () => {
    const issuer = await newIssuer(t);
    const client = await newClient(t, issuer.token);
    const quote = await createQuote(t, issuer.token, client._id);
    await acceptOffPlatform(t, issuer.token, quote._id);
    const first = await depositInvoice(t, issuer.token, quote._id, { pourcentage: 50 });
    const second = await depositInvoice(t, issuer.token, quote._id, { montant: 20 });
    expect(first).toMatchObject({ type: 'acompte', devis: { _id: quote._id, numero: quote.numero } });

    // A deposit is credited like an invoice, once issued.
    const early = await creditInvoice(t, issuer.token, second._id, { motif: 'Remise' });
    expect(early.json()).toEqual({
      errorType: 'conflict',
      message: DOCUMENT_MESSAGES.creditNeedsIssuedInvoice,
    });
    expect((await markInvoiceSent(t, issuer.token, second._id)).statusCode).toBe(200);
    const credited = await creditInvoice(t, issuer.token, second._id, {
      motif: 'Remise commerciale',
      lignes: [{ description: 'Remise', quantite: 1, prixUnitaire: 5 }],
    });
    expect(credited.statusCode, credited.body).toBe(201);
    expect(credited.json<Invoice>().factureOrigine).toMatchObject({ numero: second.numero });

    const deposits = (await call(t, issuer.token, 'GET', '/factures?type=acompte')).json<InvoiceListItem[]>();
    expect(deposits.map((d) => d.numero).sort()).toEqual([first.numero, second.numero].sort());
    // A list row is narrow (issue 16): partly credited, not cancelled; the amount credited is on the detail.
    expect(deposits.find((d) => d._id === second._id)).toMatchObject({ annuleeParAvoir: null });
    expect((await call(t, issuer.token, 'GET', `/factures/${second._id}`)).json<Invoice>()).toMatchObject({
      montantCredite: 5,
      annuleeParAvoir: null,
    });

    const deposit = await xmlOf(issuer.token, first._id);
    expect(value(section(deposit.xml, 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('386');
    expect(deposit.xml).toContain(`Acompte sur le devis ${quote.numero}`);
    expect(deposit.text).toMatch(/FACTURE\s+D’ACOMPTE/);
    expect(await validateAgainstXsd(deposit.xml)).toEqual([]);

    const made = await call(t, issuer.token, 'POST', `/devis/${quote._id}/facturer`);
    expect(made.statusCode, made.body).toBe(201);
    const final = made.json<Invoice>();
    const prepaid = cents(first.montantTTC) + cents(second.montantTTC) - 500;
    expect(cents(final.montantAcomptes)).toBe(prepaid);
    expect(cents(final.netAPayer)).toBe(cents(final.montantTTC) - prepaid);

    const { xml, text } = await xmlOf(issuer.token, final._id);
    expect(value(section(xml, 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('380');
    expect(cents(Number(value(xml, 'ram:TotalPrepaidAmount')))).toBe(prepaid);
    expect(cents(Number(value(xml, 'ram:DuePayableAmount')))).toBe(cents(final.netAPayer));
    expect(xml).toContain(`Facture établie sur le devis ${quote.numero}`);
    expect(text).toContain(`Acompte ${first.numero}`);
    expect(text).toContain('Avoirs sur acomptes');
    expect(await validateAgainstXsd(xml)).toEqual([]);

    // The final invoice is a draft until sent: corrected by editing, not by a credit note.
    const tooEarly = await creditInvoice(t, issuer.token, final._id, { motif: 'Erreur' });
    expect(tooEarly.statusCode).toBe(409);
  });
});
