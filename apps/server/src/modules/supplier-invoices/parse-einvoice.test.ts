import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { facturxFromSupplier, ublInvoice } from '../../test/einvoice-samples.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { handWrittenPdf } from '../../test/hostile-files.js';
import { embeddedFile } from '../../test/pdf.js';
import { parseEInvoice } from './parse-einvoice.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function refusal(bytes: Buffer): Promise<AppError> {
  try {
    await parseEInvoice(bytes);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('parsed');
}

describe('parseEInvoice', () => {
  it('reads a Factur-X PDF made by Facturo, and its CII XML alone, to the same invoice', async () => {
    const { pdf, invoice } = await facturxFromSupplier(t, '55210055400021');
    const fromPdf = await parseEInvoice(pdf);
    expect(fromPdf).toMatchObject({
      format: 'facturx',
      typeCode: '380',
      numero: invoice.numero,
      currency: 'EUR',
      seller: { name: expect.stringContaining('Fournier') },
      buyer: {
        name: 'Atelier « Dupont » & Cie',
        siret: '55210055400021',
        siren: '552100554',
      },
      // 2.5 × 199.99 = 499.975 → 499.98; 3 × 0.10 = 0.30
      totalHtCents: 49_998 + 30,
      totalTtcCents: 49_998 + 30 + fromPdf.totalVatCents,
      amountDueCents: 49_998 + 30 + fromPdf.totalVatCents,
    });
    expect(fromPdf.dateEmission).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fromPdf.lines).toEqual([
      expect.objectContaining({ description: 'Création d’un logo', quantity: '2.500', netCents: 49_998 }),
      expect.objectContaining({ description: 'Cartes de visite', unitPriceCents: 10, netCents: 30 }),
    ]);
    expect(fromPdf.seller.siret).toMatch(/^\d{14}$/);
    expect(fromPdf.seller.siren).toBe(fromPdf.seller.siret?.slice(0, 9));

    const fromXml = await parseEInvoice(embeddedFile(pdf));
    expect({ ...fromXml, format: 'facturx' }).toEqual(fromPdf);
    expect(fromXml.format).toBe('cii');
    // The first Factur-X starts the PDF thread that draws it and the reading thread (pdf.js loads there).
  }, 120_000);

  it('reads a UBL 2.1 invoice: parties, lines, VAT breakdown, totals in cents, IBAN, notes', async () => {
    const parsed = await parseEInvoice(Buffer.from(ublInvoice()));
    expect(parsed).toEqual({
      format: 'ubl',
      typeCode: '380',
      numero: 'FA-2026-0042',
      dateEmission: '2026-05-20',
      dateEcheance: '2026-06-19',
      currency: 'EUR',
      seller: {
        name: 'Papeterie Martin & Fils SARL',
        siren: '732829320',
        siret: '73282932000017',
        vatNumber: 'FR44732829320',
        address: { ligne: '8 quai des Chartrons', codePostal: '33000', ville: 'Bordeaux', pays: 'FR' },
      },
      buyer: {
        name: 'Atelier Dupont',
        siren: null,
        siret: null,
        vatNumber: null,
        address: { ligne: '12 rue des Lilas', codePostal: '75011', ville: 'Paris', pays: 'FR' },
      },
      lines: [
        {
          description: 'Ramettes A4 80 g « Éco »',
          quantity: '250',
          unitCode: 'C62',
          unitPriceCents: 500,
          netCents: 125_000,
          vatCategory: 'S',
          vatRate: '20',
        },
        {
          description: 'Marque-page',
          quantity: '1',
          unitCode: 'C62',
          unitPriceCents: 10,
          netCents: 10,
          vatCategory: 'S',
          vatRate: '5.5',
        },
      ],
      vatBreakdown: [
        { category: 'S', rate: '20', baseCents: 125_000, vatCents: 25_000, exemptionReason: null },
        { category: 'S', rate: '5.5', baseCents: 10, vatCents: 1, exemptionReason: null },
      ],
      totalHtCents: 125_010,
      totalVatCents: 25_001,
      totalTtcCents: 150_011,
      amountDueCents: 150_011,
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      notes: ['Pénalités de retard : 3 fois le taux d’intérêt légal.'],
    });
  });

  it('reads a UBL credit note, and a UBL with a byte-order mark and other prefixes', async () => {
    const credit = await parseEInvoice(Buffer.from(ublInvoice({ creditNote: true, numero: 'AV-7' })));
    expect(credit).toMatchObject({ typeCode: '381', numero: 'AV-7', dateEcheance: null, lines: [{}, {}] });
    const prefixed = ublInvoice()
      .replace(
        'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
        'xmlns:inv="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
      )
      .replace('<Invoice ', '<inv:Invoice ')
      .replace('</Invoice>', '</inv:Invoice>');
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(prefixed)]);
    expect((await parseEInvoice(withBom)).totalTtcCents).toBe(150_011);
  });

  it('refuses malformed XML and an invoice missing its number (400 invalid_einvoice, French)', async () => {
    const broken = await refusal(Buffer.from(ublInvoice().replace('</cac:AccountingSupplierParty>', '')));
    expect(broken).toMatchObject({ status: 400, errorType: 'invalid_einvoice' });
    expect(broken.message).toBe('Le fichier XML de la facture est mal formé.');
    const noNumber = await refusal(Buffer.from(ublInvoice().replace(/<cbc:ID>FA-2026-0042<\/cbc:ID>/, '')));
    expect(noNumber).toMatchObject({ status: 400, message: 'La facture ne contient pas son numéro.' });
    const badAmount = await refusal(Buffer.from(ublInvoice().replace('>1500.11<', '>1 500,11<')));
    expect(badAmount.message).toContain('Montant illisible');
  });

  it('refuses a DOCTYPE: no external entity is read, no entity is expanded (XXE, billion laughs)', async () => {
    const xxe = ublInvoice()
      .replace('<Invoice ', '<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Invoice ')
      .replace('Papeterie Martin &amp; Fils SARL', '&xxe;');
    const error = await refusal(Buffer.from(xxe));
    expect(error).toMatchObject({ status: 400, errorType: 'invalid_einvoice' });
    expect(error.message).not.toContain('root');
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(await refusal(Buffer.from(laughs))).toMatchObject({ status: 400, errorType: 'invalid_einvoice' });
  });

  it('answers 415 for what is no e-invoice: a PNG, a PDF without attachment, another XML, text', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await refusal(png)).toMatchObject({ status: 415, errorType: 'unsupported_invoice_file' });
    expect(await refusal(Buffer.from('bonjour'))).toMatchObject({ status: 415 });
    expect(
      await refusal(Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>')),
    ).toMatchObject({ status: 415 });
    // An Invoice root in another namespace is not UBL: the namespace decides, not the name.
    expect(await refusal(Buffer.from('<Invoice xmlns="urn:example"><ID>1</ID></Invoice>'))).toMatchObject({
      status: 415,
    });
    const plainPdf = plainPdfBytes();
    const noAttachment = await refusal(plainPdf);
    expect(noAttachment).toMatchObject({ status: 415, errorType: 'unsupported_invoice_file' });
    expect(noAttachment.message).toContain('factur-x.xml');
  });

  it('answers 400 for a damaged PDF, 413 above 10 Mo', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7\ngarbage'))).toMatchObject({
      status: 400,
      errorType: 'invalid_einvoice',
    });
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    expect(await refusal(huge)).toMatchObject({ status: 413, errorType: 'payload_too_large' });
  });
});

/** A valid one-page PDF with no embedded file (a scanned invoice, say). */
function plainPdfBytes(): Buffer {
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    {
      dictionary: '<< /Filter /FlateDecode >>',
      stream: deflateSync(Buffer.from('BT /F1 12 Tf 72 720 Td (Facture) Tj ET')),
    },
  ]);
}
