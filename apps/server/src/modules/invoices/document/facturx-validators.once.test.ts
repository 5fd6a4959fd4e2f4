import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { frenchVatNumber } from '@facturo/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../../db/schema.js';
import { CDAR_SAMPLES } from '../../../test/cdar-samples.js';
import { DOCUMENT_TYPE_ROWS } from '../../../test/document-rows.js';
import { runOfficialValidators } from '../../../test/facturx.js';
import { composedInvoiceRow, invoiceRow } from '../../../test/invoice-row.js';
import type { CdarMessage } from '../../einvoicing/cdar/cdar-message.js';
import { cdarXml } from '../../einvoicing/cdar/cdar-xml.js';
import { invoiceCdarParties, sellerStatusOf } from '../../einvoicing/lifecycle/cdar-of-document.js';
import { type InvoiceDocument, invoiceDocument } from './invoice-document.js';
import { renderInvoicePdf } from './pdf-pool.js';

/** A seller charging VAT, with the VAT number of its SIREN (123456782, the default issuer's). */
const reel = { regimeTva: 'reel' as const, tvaIntracommunautaire: frenchVatNumber('123456782') };
const frenchBusiness = { type: 'entreprise' as const, nom: 'Atelier Dupont SARL', siret: '55210055400021' };
const belgianBusiness = {
  type: 'entreprise' as const,
  nom: 'Studio Brussel SRL',
  rue: 'Rue Neuve 8',
  codePostal: '1000',
  ville: 'Bruxelles',
  pays: 'BE',
  tvaIntracommunautaire: 'BE0123456749',
};
const germanBusiness = {
  type: 'entreprise' as const,
  nom: 'Müller Werkstatt GmbH',
  rue: 'Hauptstraße 5',
  codePostal: '10115',
  ville: 'Berlin',
  // Typed in English, as the issue found it: must be DE, not FR.
  pays: 'Germany',
  tvaIntracommunautaire: 'DE123456789',
};
const service = { description: 'Développement web', quantite: 3, unite: 'jour', prixUnitaire: 450 };
const body = (lignes: object[], extra: object = {}) => ({ client: 'x', delaiPaiement: 30, lignes, ...extra });
const mixedRates = [
  { description: 'Mobilier sur mesure', quantite: 2, prixUnitaire: 500, tauxTVA: 20 },
  { description: 'Livres', quantite: 10, unite: 'unite', prixUnitaire: '12,50', tauxTVA: '5,5' },
];

/**
 * The matrix of invoices the product writes (issue 12): franchise to an individual and to businesses,
 * VAT at several rates with the option for debits, reverse charge, intra-Community goods, exports, with
 * and without a delivery address, invoices stored before issue 12, a cancelled one, and the branding: bank details
 * (payment means 58, with and without BIC), QR code, logos (PNG with transparency, JPEG), accent colour,
 * and text the fonts lack (emoji, tab, CJK). The PDFs come from the worker-thread pool the server uses,
 * and all go through the official validators in one call (one project only: the script may install
 * Java through apt).
 */
const VALIDATOR_MATRIX: Record<string, InvoiceRow> = {
  'avant-tva-en-attente': invoiceRow({}),
  'avant-tva-payee': invoiceRow({ paidAt: new Date('2026-03-02T10:00:00Z') }),
  // The ANNULÉE stamp is drawn translucent on every page: the PDF must stay as valid as any other.
  'annulee-franchise-particulier': composedInvoiceRow({}, {}, body([service]), { issuerStatus: 'annulee' }),
  '500-lignes': invoiceRow({
    lines: Array.from({ length: 500 }, () => ({
      description: 'Prestation',
      quantityThousandths: 1000,
      unitPriceCents: 1_250,
      totalCents: 1_250,
    })),
  }),
  'franchise-particulier': composedInvoiceRow({}, {}, body([service])),
  'franchise-entreprise-fr': composedInvoiceRow({}, frenchBusiness, body([service])),
  'franchise-entreprise-be-livraison': composedInvoiceRow(
    // Services to an EU business: reverse charge even under the franchise, which needs the VAT number.
    { rcsRm: 'Dispensé d’immatriculation', tvaIntracommunautaire: frenchVatNumber('123456782') },
    belgianBusiness,
    body([service], {
      adresseLivraison: { rue: 'Avenue Louise 54', codePostal: '1050', ville: 'Ixelles', pays: 'Belgique' },
    }),
  ),
  'tva-taux-mixtes': composedInvoiceRow(
    { ...reel, rcsRm: 'RCS Paris 123 456 782', assureur: 'MAAF Pro', assuranceCouverture: 'France' },
    frenchBusiness,
    body(mixedRates, { mentionsLegales: { natureOperation: 'biens' }, dateLivraison: '2026-11-18' }),
  ),
  'tva-debits-taux-zero-particulier': composedInvoiceRow(
    { ...reel, optionDebits: true },
    {},
    body(
      [
        service,
        {
          description: 'Débours',
          quantite: 1,
          prixUnitaire: 35,
          tauxTVA: 0,
          motifExoneration: 'VATEX-EU-79-C',
        },
      ],
      { delaiPaiement: 45 },
    ),
  ),
  // A 0 % line names its exemption (E, BT-120/121) beside the taxed ones; an operation out of scope (O) alone.
  'tva-ligne-exoneree-art-261': composedInvoiceRow(
    reel,
    frenchBusiness,
    body([
      service,
      {
        description: 'Formation',
        quantite: 1,
        prixUnitaire: 800,
        tauxTVA: 0,
        motifExoneration: 'VATEX-EU-132',
      },
    ]),
  ),
  'hors-champ-o': composedInvoiceRow(
    reel,
    frenchBusiness,
    body([
      {
        description: 'Subvention refacturée',
        quantite: 1,
        prixUnitaire: 300,
        tauxTVA: 0,
        motifExoneration: 'VATEX-EU-O',
      },
    ]),
  ),
  // A franchise seller's services to an EU business: reverse charge, both VAT numbers.
  'franchise-autoliquidation-ae-belgique': composedInvoiceRow(
    { tvaIntracommunautaire: frenchVatNumber('123456782') },
    belgianBusiness,
    body([service]),
  ),
  'autoliquidation-ae-belgique': composedInvoiceRow(reel, belgianBusiness, body([service])),
  'intracom-biens-k-allemagne-livraison': composedInvoiceRow(
    reel,
    germanBusiness,
    body([{ description: 'Lampe en laiton', quantite: 4, prixUnitaire: 89.9, tauxTVA: 20 }], {
      mentionsLegales: { natureOperation: 'biens' },
      adresseLivraison: { rue: 'Lagerweg 2', codePostal: '20095', ville: 'Hamburg', pays: 'DE' },
    }),
  ),
  'intracom-biens-k-sans-adresse': composedInvoiceRow(
    reel,
    germanBusiness,
    body([{ description: 'Lampe en laiton', quantite: 1, prixUnitaire: 89.9 }], {
      mentionsLegales: { natureOperation: 'biens' },
    }),
  ),
  'export-g-etats-unis': composedInvoiceRow(
    reel,
    {
      type: 'entreprise',
      nom: 'Acme Inc.',
      rue: '1 Main Street',
      codePostal: '10001',
      ville: 'New York',
      pays: 'US',
    },
    body([service]),
  ),
  'export-g-suisse-particulier': composedInvoiceRow(
    reel,
    { nom: 'Luca Rossi', rue: 'Bahnhofstrasse 1', codePostal: '8001', ville: 'Zürich', pays: 'CH' },
    body([service]),
  ),
  // Issue 15: deposits (386), a final invoice deducting deposits (BT-113, BT-115), credit notes (381, BT-25/26).
  ...DOCUMENT_TYPE_ROWS,
};

const withIban = (bic: string) =>
  invoiceRow({
    issuerSnapshot: { ...invoiceRow().issuerSnapshot, iban: 'FR7630006000011234567890189', bic },
  });

/** A logo with transparency (PNG, soft mask) and one without (JPEG): the two kinds of image stored. */
async function logo(format: 'png' | 'jpeg') {
  const image = sharp({
    create: { width: 600, height: 240, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 0.8 } },
  });
  const { data, info } = await image[format]().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function brandingCases(): Promise<Record<string, InvoiceDocument>> {
  const line = invoiceRow().lines[0] as InvoiceRow['lines'][number];
  return {
    'iban-bic-qr-logo-couleur': {
      ...invoiceDocument(withIban('BNPAFRPP')),
      logo: await logo('png'),
      accentColor: '#0F766E',
    },
    'iban-sans-bic-logo-jpeg-payee': {
      ...invoiceDocument({ ...withIban(''), paidAt: new Date('2026-03-02T10:00:00Z') }),
      logo: await logo('jpeg'),
    },
    'emoji-tabulation-cjk': invoiceDocument(
      invoiceRow({
        objet: 'Refonte 🚀 du site — 東京',
        lines: [{ ...line, description: 'Atelier 👩‍👩‍👧 maquette\ue000 ✅' }],
        mentions: { ...invoiceRow().mentions, mentionLibre: 'Merci\tpour votre confiance 🙏\nÀ bientôt' },
      }),
    ),
  };
}

/**
 * Issue 19: one lifecycle status message (CDAR) per status Facturo writes or reads — 210 with its reason, 212
 * with its amounts per VAT rate, the platform's 200/213/221… (test/cdar-samples.ts). They go through the same
 * call: validate.sh tells a CDAR from an invoice by its content and checks it against the CDAR D22B XSD and the
 * French BR-FR-CDV schematron.
 */
async function writeCdars(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const [name, message] of Object.entries({ ...CDAR_SAMPLES, ...invoiceCdars() })) {
    const file = path.join(dir, `cdar-${name}.xml`);
    await writeFile(file, cdarXml(message));
    files.push(file);
  }
  return files;
}

/**
 * The statuses of real invoices of the matrix, their parties as the invoices name them (the seller « Zoé
 * Lefèvre EI », the client « Atelier Dupont SARL », their SIREN and SIRET): the seller's 212 with the
 * amount collected per rate and 220, the buyer's 211 with the amount paid (MPA) and 210 with its reason.
 */
function invoiceCdars(): Record<string, CdarMessage> {
  const cdars: Record<string, CdarMessage> = {};
  for (const name of ['tva-taux-mixtes', 'franchise-entreprise-fr'] as const) {
    const row = VALIDATOR_MATRIX[name] as InvoiceRow;
    const facts = { id: `CDV-${name}`, issuedAt: new Date('2026-11-25T09:00:00Z') };
    const payment = { amountCents: row.totalTtcCents, date: '2026-11-24' };
    cdars[`${name}-212`] = sellerStatusOf(row, { ...facts, statusCode: 212, payment });
    cdars[`${name}-220`] = sellerStatusOf(row, { ...facts, statusCode: 220 });
    const { seller, buyer } = invoiceCdarParties(row);
    const fromBuyer = {
      ...sellerStatusOf(row, { ...facts, statusCode: 210 }),
      sender: buyer,
      recipient: seller,
    };
    cdars[`${name}-211`] = { ...fromBuyer, statusCode: 211, payment };
    cdars[`${name}-210`] = {
      ...fromBuyer,
      statusCode: 210,
      reason: { code: 'TX_TVA_ERR', text: 'Taux de TVA erroné.' },
    };
  }
  return cdars;
}

describe('Factur-X PDFs rendered on the worker pool, and the lifecycle status messages', () => {
  it('pass the official XSD, EN 16931, Factur-X and BR-FR validators (CDAR: XSD and BR-FR-CDV)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'facturo-validators-'));
    const files: string[] = [];
    const cases: Record<string, InvoiceDocument> = {
      ...Object.fromEntries(
        Object.entries(VALIDATOR_MATRIX).map(([name, row]) => [name, invoiceDocument(row)]),
      ),
      ...(await brandingCases()),
    };
    for (const [name, doc] of Object.entries(cases)) {
      const file = path.join(dir, `${name}.pdf`);
      await writeFile(file, await renderInvoicePdf(doc));
      files.push(file);
    }
    const cdars = await writeCdars(dir);
    files.push(...cdars);
    const { code, report } = await runOfficialValidators(files);
    for (const cdar of cdars) expect(report).toContain(`PASS ${cdar}`);
    expect(report).toContain(`${files.length} passed, 0 failed`);
    expect(code).toBe(0);
  }, 600_000);
});
