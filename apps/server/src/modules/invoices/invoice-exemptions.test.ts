import {
  DEPOSIT_DATE_LABEL,
  EXEMPTION_REQUIRED_MESSAGE,
  EXEMPTION_UNKNOWN_MESSAGE,
  EXEMPTION_WITH_RATE_MESSAGE,
  frenchVatNumber,
  type Invoice,
  OUT_OF_SCOPE_MIXED_MESSAGE,
  REVERSE_CHARGE_MENTION,
  REVERSE_CHARGE_VAT_NUMBER_MESSAGE,
  vatExemption,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPE_ROWS } from '../../test/document-rows.js';
import { createClient, signedInUser, uniqueSiret } from '../../test/factories.js';
import { section, validateAgainstXsd, value, values } from '../../test/facturx.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { composedInvoiceRow } from '../../test/invoice-row.js';
import { pdfPageText } from '../../test/pdf.js';
import {
  buildCiiXml,
  CREDIT_NOTE_DISCOUNT_NOTE,
  CREDIT_NOTE_PENALTIES_NOTE,
  CREDIT_NOTE_RECOVERY_NOTE,
} from './document/cii-xml.js';
import { invoiceDocument } from './document/invoice-document.js';
import { renderInvoicePdf } from './document/invoice-pdf.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const SIREN = '123456782';
const vatNumber = frenchVatNumber(SIREN);
const line = { description: 'Conseil', quantite: 1, prixUnitaire: 100 };

function post(token: string, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/factures', token, body: { delaiPaiement: 30, ...body } });
}

const belgianBusiness = {
  nom: 'Studio Brussel SRL',
  type: 'entreprise',
  tvaIntracommunautaire: 'BE0123456749',
  adresse: { rue: 'Rue Neuve 8', codePostal: '1000', ville: 'Bruxelles', pays: 'BE' },
};

describe('a 0 % line names its exemption (France has no zero rate)', () => {
  it('refuses a 0 % line without a reason, a reason on a taxed line, one not for a line, O beside others', async () => {
    const { token } = await signedInUser(t, {
      siret: uniqueSiret(SIREN),
      regimeTva: 'reel',
      tvaIntracommunautaire: vatNumber,
    });
    const client = await createClient(t, token);
    const cases: [object[], string][] = [
      [[line, { ...line, tauxTVA: 0 }], EXEMPTION_REQUIRED_MESSAGE(2)],
      [[{ ...line, tauxTVA: 20, motifExoneration: 'VATEX-EU-132' }], EXEMPTION_WITH_RATE_MESSAGE(1)],
      [[{ ...line, tauxTVA: 0, motifExoneration: 'VATEX-EU-G' }], EXEMPTION_UNKNOWN_MESSAGE(1)],
      [[{ ...line, tauxTVA: 0, motifExoneration: 'zéro' }], EXEMPTION_UNKNOWN_MESSAGE(1)],
      [[line, { ...line, tauxTVA: 0, motifExoneration: 'VATEX-EU-O' }], OUT_OF_SCOPE_MIXED_MESSAGE],
      // A line's own fault is named first, before the mix of out-of-scope and other lines.
      [
        [{ ...line, tauxTVA: 0, motifExoneration: 'VATEX-EU-O' }, line, { ...line, tauxTVA: 0 }],
        EXEMPTION_REQUIRED_MESSAGE(3),
      ],
    ];
    for (const [lignes, message] of cases) {
      const res = await post(token, { client: client._id, lignes });
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message });
    }
    const ok = await post(token, {
      client: client._id,
      lignes: [line, { ...line, tauxTVA: 0, motifExoneration: 'vatex-eu-132' }],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<Invoice>().lignes[1]).toMatchObject({
      tauxTVA: 0,
      motifExoneration: 'VATEX-EU-132',
      mentionExoneration: vatExemption('VATEX-EU-132')?.mention,
    });
    expect(ok.json<Invoice>().lignes[0]?.motifExoneration).toBeUndefined();
  });

  it('writes the reason in the XML (E, BT-120/121) and prints its mention', async () => {
    const row = composedInvoiceRow(
      { regimeTva: 'reel', tvaIntracommunautaire: vatNumber },
      { type: 'entreprise', nom: 'Atelier Dupont SARL', siret: '55210055400021' },
      {
        client: 'x',
        delaiPaiement: 30,
        lignes: [line, { ...line, tauxTVA: 0, motifExoneration: 'VATEX-EU-132' }],
      },
    );
    const doc = invoiceDocument(row);
    const xml = buildCiiXml(doc);
    expect(await validateAgainstXsd(xml)).toEqual([]);
    const settlement = section(xml, 'ram:ApplicableHeaderTradeSettlement');
    expect(values(settlement, 'ram:CategoryCode')).toEqual(['S', 'E']);
    expect(value(settlement, 'ram:ExemptionReasonCode')).toBe('VATEX-EU-132');
    expect(value(settlement, 'ram:ExemptionReason')).toBe('Exonération de TVA, art. 261 du CGI');
    const text = pdfPageText(await renderInvoicePdf(doc));
    expect(text).toContain('Exonération de TVA, art. 261 du CGI');
  });
});

describe('a franchise seller’s services to an EU business', () => {
  it('are reverse-charged (AE), and need the seller’s intra-EU VAT number', async () => {
    const without = await signedInUser(t, { siret: uniqueSiret(SIREN) });
    const client = await createClient(t, without.token, belgianBusiness);
    const refused = await post(without.token, { client: client._id, lignes: [line] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorType: 'validation_error',
      message: REVERSE_CHARGE_VAT_NUMBER_MESSAGE,
      requiresVatNumber: true,
    });

    const withNumber = await signedInUser(t, { siret: uniqueSiret(SIREN), tvaIntracommunautaire: vatNumber });
    const belgian = await createClient(t, withNumber.token, belgianBusiness);
    const created = await post(withNumber.token, { client: belgian._id, lignes: [line] });
    expect(created.statusCode).toBe(201);
    expect(created.json<Invoice>()).toMatchObject({
      categorieTVA: 'AE',
      mentionTVA: REVERSE_CHARGE_MENTION,
      montantTVA: 0,
    });
  });
});

describe('deposits and credit notes', () => {
  it('a deposit prints the date of the deposit and states no delivery date (BT-72)', async () => {
    const row = DOCUMENT_TYPE_ROWS['acompte-30-pourcent-taux-mixtes'];
    if (!row) throw new Error('missing row');
    const doc = invoiceDocument(row);
    const xml = buildCiiXml(doc);
    expect(xml).not.toContain('ActualDeliverySupplyChainEvent');
    expect(await validateAgainstXsd(xml)).toEqual([]);
    const text = pdfPageText(await renderInvoicePdf(doc));
    expect(text).toContain(DEPOSIT_DATE_LABEL);
    expect(text).not.toContain('Date de prestation');
  });

  it('a credit note prints no late penalties nor €40 indemnity, and its notes say they do not apply', async () => {
    const row = Object.entries(DOCUMENT_TYPE_ROWS).find(([, r]) => r.type === 'avoir')?.[1];
    if (!row) throw new Error('missing row');
    const doc = invoiceDocument(row);
    expect(doc.professionalMentions).toBe(true);
    const xml = buildCiiXml(doc);
    expect(values(xml, 'ram:Content')).toEqual(
      expect.arrayContaining([
        CREDIT_NOTE_RECOVERY_NOTE,
        CREDIT_NOTE_PENALTIES_NOTE,
        CREDIT_NOTE_DISCOUNT_NOTE,
      ]),
    );
    const text = pdfPageText(await renderInvoicePdf(doc));
    expect(text).not.toContain('40 €');
    expect(text).not.toMatch(/pénalités/i);
  });
});
