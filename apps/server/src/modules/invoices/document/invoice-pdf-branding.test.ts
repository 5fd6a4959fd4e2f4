import type { Invoice } from '@facturo/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInUser } from '../../../test/factories.js';
import { section, validateAgainstXsd, value } from '../../../test/facturx.js';
import { randomIp, startTestApp, type TestApp } from '../../../test/harness.js';
import { embeddedFile, pdfStreams, pdfText } from '../../../test/pdf.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const IBAN = 'FR7630006000011234567890189';

async function issuerWith(profile: Record<string, unknown>, logo?: Buffer) {
  const issuer = await signedInUser(t, {
    adresse: '4 allée des Cèdres',
    codePostal: '33000',
    ville: 'Bordeaux',
  });
  const saved = await t.request({ method: 'PUT', url: '/api/users/me', token: issuer.token, body: profile });
  expect(saved.statusCode).toBe(200);
  if (logo) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/logo',
      payload: logo,
      headers: { authorization: `Bearer ${issuer.token}`, 'content-type': 'image/png' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
  }
  return issuer;
}

async function invoiceOf(token: string): Promise<Invoice> {
  const client = await createClient(t, token);
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: '2', prixUnitaire: '615.94' }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

async function pdfOf(token: string, id: string): Promise<Buffer> {
  const res = await t.request({ method: 'GET', url: `/api/factures/${id}/pdf`, token });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** pdfkit writes a colour as its three channels over 255, at full precision, before `scn`. */
function colourOperand(hex: string): string {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  return `${channels.join(' ')} scn`;
}

const contents = (pdf: Buffer) => pdfStreams(pdf).map((stream) => stream.toString('latin1'));
const rectangles = (pdf: Buffer) => contents(pdf).join('\n').match(/ re\n/g)?.length ?? 0;

describe('payment details, logo and colour on the invoice', () => {
  it('prints the IBAN and BIC in the XML as a SEPA credit transfer, in the XSD order', async () => {
    const issuer = await issuerWith({ iban: IBAN, bic: 'BNPAFRPP' });
    const invoice = await invoiceOf(issuer.token);
    const xml = embeddedFile(await pdfOf(issuer.token, invoice._id)).toString('utf8');
    expect(await validateAgainstXsd(xml)).toEqual([]);
    expect(section(xml, 'ram:SpecifiedTradeSettlementPaymentMeans')).toBe(
      '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode>' +
        `<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${IBAN}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>` +
        '<ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>BNPAFRPP</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>' +
        '</ram:SpecifiedTradeSettlementPaymentMeans>',
    );
    const settlement = section(xml, 'ram:ApplicableHeaderTradeSettlement');
    expect(settlement.indexOf('<ram:InvoiceCurrencyCode>')).toBeLessThan(
      settlement.indexOf('<ram:SpecifiedTradeSettlementPaymentMeans>'),
    );
    expect(settlement.indexOf('<ram:SpecifiedTradeSettlementPaymentMeans>')).toBeLessThan(
      settlement.indexOf('<ram:ApplicableTradeTax>'),
    );
  });

  it('leaves the BIC out when there is none, and the payment means out without an IBAN', async () => {
    const ibanOnly = await issuerWith({ iban: IBAN });
    const withIban = embeddedFile(
      await pdfOf(ibanOnly.token, (await invoiceOf(ibanOnly.token))._id),
    ).toString();
    expect(value(withIban, 'ram:IBANID')).toBe(IBAN);
    expect(withIban).not.toContain('BICID');

    const none = await issuerWith({});
    const without = embeddedFile(await pdfOf(none.token, (await invoiceOf(none.token))._id)).toString();
    expect(without).not.toContain('SpecifiedTradeSettlementPaymentMeans');
  });

  it('keeps the bank details the invoice was written with, while logo and colour are the current ones', async () => {
    const issuer = await issuerWith({ iban: IBAN, bic: 'BNPAFRPP', couleurAccent: '#0F766E' });
    const invoice = await invoiceOf(issuer.token);
    await t.request({
      method: 'PUT',
      url: '/api/users/me',
      token: issuer.token,
      body: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', couleurAccent: '#B91C1C' },
    });
    const pdf = await pdfOf(issuer.token, invoice._id);
    const xml = embeddedFile(pdf).toString('utf8');
    expect(value(xml, 'ram:IBANID')).toBe(IBAN);
    expect(value(xml, 'ram:BICID')).toBe('BNPAFRPP');
    expect(contents(pdf).some((c) => c.includes(colourOperand('#B91C1C')))).toBe(true);
    // The detail page shows the same account as the PDF: the invoice's own, not the profile's new one.
    const detail = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(detail.json<Invoice>().emetteur).toMatchObject({ iban: IBAN, bic: 'BNPAFRPP' });
    // A new invoice takes the new account.
    const next = embeddedFile(await pdfOf(issuer.token, (await invoiceOf(issuer.token))._id)).toString();
    expect(value(next, 'ram:IBANID')).toBe('DE89370400440532013000');
  });

  it('draws the logo, the accent colour and the QR code, and no QR once paid', async () => {
    const logo = await sharp({
      create: { width: 400, height: 200, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const issuer = await issuerWith({ iban: IBAN, couleurAccent: '#0f766e' }, logo);
    const invoice = await invoiceOf(issuer.token);
    const pdf = await pdfOf(issuer.token, invoice._id);
    expect(pdfText(pdf)).toMatch(/\/Subtype \/Image/);
    expect(contents(pdf).some((c) => c.includes(colourOperand('#0F766E')))).toBe(true);
    const withQr = rectangles(pdf);

    const paid = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token: issuer.token,
      body: { statutEmetteur: 'payee' },
    });
    expect(paid.statusCode).toBe(200);
    // Nothing left to pay: the QR code (hundreds of rectangles) is gone, the bank details stay.
    const paidPdf = await pdfOf(issuer.token, invoice._id);
    expect(withQr - rectangles(paidPdf)).toBeGreaterThan(100);
    expect(value(embeddedFile(paidPdf).toString(), 'ram:IBANID')).toBe(IBAN);

    const plain = await issuerWith({});
    const plainPdf = await pdfOf(plain.token, (await invoiceOf(plain.token))._id);
    expect(pdfText(plainPdf)).not.toMatch(/\/Subtype \/Image/);
    expect(contents(plainPdf).some((c) => c.includes(colourOperand('#3730A3')))).toBe(true);
  });
});
