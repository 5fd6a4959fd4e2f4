import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPE_ROWS, quoteRow } from '../../../test/document-rows.js';
import { section, validateAgainstXsd, value } from '../../../test/facturx.js';
import { embeddedFile, pdfPageText, pdfText, xmp } from '../../../test/pdf.js';
import { buildCiiXml } from './cii-xml.js';
import { invoiceDocument, quoteDocument } from './invoice-document.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** Issue 15: each document type's title, references and amounts, in the PDF and in the CII XML. */

const rows = DOCUMENT_TYPE_ROWS as Record<
  'acompte-30-pourcent-taux-mixtes' | 'facture-finale-deux-acomptes' | 'avoir-total' | 'avoir-partiel',
  (typeof DOCUMENT_TYPE_ROWS)[string]
>;
const xmlOf = (name: keyof typeof rows) => buildCiiXml(invoiceDocument(rows[name]));

describe('the CII XML of each type', () => {
  it('writes a deposit as a prepayment invoice (386) that names its quote', async () => {
    const xml = xmlOf('acompte-30-pourcent-taux-mixtes');
    expect(value(section(xml, 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('386');
    expect(xml).toContain('Acompte sur le devis DEV-2026-0003');
    expect(xml).not.toContain('TotalPrepaidAmount');
    expect(await validateAgainstXsd(xml)).toEqual([]);
  });

  it('deducts a final invoice’s deposits: BT-113 and BT-115 = total − deposits', async () => {
    const xml = xmlOf('facture-finale-deux-acomptes');
    expect(value(section(xml, 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('380');
    expect(value(xml, 'ram:GrandTotalAmount')).toBe('1331.88');
    expect(value(xml, 'ram:TotalPrepaidAmount')).toBe('450.00');
    expect(value(xml, 'ram:DuePayableAmount')).toBe('881.88');
    expect(xml).toContain('Acomptes déduits : FAC-2026-0005 du 21/11/2026, FAC-2026-0007 du 21/11/2026');
    expect(await validateAgainstXsd(xml)).toEqual([]);
  });

  it('writes a credit note as 381 with the preceding invoice (BT-25, BT-26) and its reason', async () => {
    for (const name of ['avoir-total', 'avoir-partiel'] as const) {
      const xml = xmlOf(name);
      expect(value(section(xml, 'rsm:ExchangedDocument'), 'ram:TypeCode')).toBe('381');
      const preceding = section(xml, 'ram:InvoiceReferencedDocument');
      expect(value(preceding, 'ram:IssuerAssignedID')).toBe('FAC-2026-0004');
      expect(preceding).toContain('<qdt:DateTimeString format="102">20261121</qdt:DateTimeString>');
      expect(xml).toContain(`Motif : ${rows[name].creditReason}`);
      // Positive amounts: the type says it is a credit.
      expect(Number(value(xml, 'ram:DuePayableAmount'))).toBeGreaterThan(0);
      expect(await validateAgainstXsd(xml)).toEqual([]);
    }
  });
});

describe('the PDF of each type', () => {
  it('titles a deposit, a final invoice and a credit note, with what they refer to', async () => {
    const deposit = pdfPageText(
      await renderInvoicePdf(invoiceDocument(rows['acompte-30-pourcent-taux-mixtes'])),
    );
    expect(deposit).toMatch(/FACTURE\s+D’ACOMPTE/);
    expect(deposit).toContain('Acompte sur le devis DEV-2026-0003');

    const final = pdfPageText(await renderInvoicePdf(invoiceDocument(rows['facture-finale-deux-acomptes'])));
    expect(final).toContain('Facture établie sur le devis DEV-2026-0003');
    expect(final).toContain('Acompte FAC-2026-0005');
    expect(final).toMatch(/Net à payer\s*881,88/);

    // A deposit partly credited (100 € of FAC-2026-0007's) is deducted net: the rows still add up.
    const netted = pdfPageText(
      await renderInvoicePdf(
        invoiceDocument({ ...rows['facture-finale-deux-acomptes'], prepaidCents: 35_000 }),
      ),
    );
    expect(netted).toMatch(/Avoirs sur acomptes\s*\+100,00/);
    expect(netted).toMatch(/Net à payer\s*981,88/);
    expect(final).not.toContain('Avoirs sur acomptes');

    const note = pdfPageText(await renderInvoicePdf(invoiceDocument(rows['avoir-partiel'])));
    expect(note).toContain('AVOIR');
    expect(note).toContain('Avoir sur la facture FAC-2026-0004 du 21/11/2026');
    expect(note).toContain('Motif : Deux livres retournés abîmés');
    expect(note).not.toContain('Date d’échéance');
  });

  it('draws a quote titled DEVIS, valid until its date, with « Bon pour accord », and no Factur-X', async () => {
    const pdf = await renderInvoicePdf(quoteDocument(quoteRow({ dateValidite: '2026-12-24' })));
    const text = pdfPageText(pdf);
    expect(text).toContain('DEVIS');
    expect(text).toContain('Valable jusqu’au : 24/12/2026');
    expect(text).toContain('Bon pour accord');
    expect(text).toContain('Signature :');
    expect(text).not.toContain('Net à payer');
    expect(() => embeddedFile(pdf)).toThrow();
    expect(xmp(pdf)).not.toContain('fx:DocumentType');
    expect(pdfText(pdf)).not.toContain('factur-x.xml');
  });
});
