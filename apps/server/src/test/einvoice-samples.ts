import { type Client, type Invoice, luhnKeyFor } from '@facturo/shared';
import type { LightMyRequestResponse } from 'fastify';
import { signedInUser, uniqueEmail, uniqueSiret } from './factories.js';
import { randomIp, type TestApp } from './harness.js';

/* Issue 19: e-invoices to receive — a UBL 2.1 invoice written here, and Factur-X PDFs made by Facturo. */

export interface UblSample {
  numero?: string;
  sellerSiren?: string;
  sellerName?: string;
  issueDate?: string;
  /** Replaces the root: e.g. a CreditNote. */
  creditNote?: boolean;
}

/**
 * A realistic UBL 2.1 invoice (EN 16931, French seller): two lines at 20 % and 5.5 %, a due date, an
 * IBAN, a note, an ampersand and a numeric character reference to decode. Totals:
 * HT 1 250.00 + 0.10 → 1 250.10; TVA 250.00 + 0.01 (5.5 % of 0.10, rounded half up) = 250.01; TTC 1 500.11.
 */
export function ublInvoice(sample: UblSample = {}): string {
  const root = sample.creditNote ? 'CreditNote' : 'Invoice';
  const line = sample.creditNote ? 'CreditNoteLine' : 'InvoiceLine';
  const quantity = sample.creditNote ? 'CreditedQuantity' : 'InvoicedQuantity';
  const siren = sample.sellerSiren ?? '732829320';
  // Its head office, the key computed for whatever SIREN the sample names.
  const siret = `${siren}0001${luhnKeyFor(`${siren}0001`)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>${sample.numero ?? 'FA-2026-0042'}</cbc:ID>
  <cbc:IssueDate>${sample.issueDate ?? '2026-05-20'}</cbc:IssueDate>
  ${sample.creditNote ? '' : '<cbc:DueDate>2026-06-19</cbc:DueDate>'}
  <cbc:${root}TypeCode>${sample.creditNote ? '381' : '380'}</cbc:${root}TypeCode>
  <cbc:Note>Pénalités de retard : 3 fois le taux d&#8217;intérêt légal.</cbc:Note>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cbc:EndpointID schemeID="0225">${siren}</cbc:EndpointID>
      <cac:PartyIdentification><cbc:ID schemeID="0009">${siret}</cbc:ID></cac:PartyIdentification>
      <cac:PartyName><cbc:Name>Papeterie Martin</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>8 quai des Chartrons</cbc:StreetName>
        <cbc:CityName>Bordeaux</cbc:CityName>
        <cbc:PostalZone>33000</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyTaxScheme>
        <cbc:CompanyID>FR44${siren}</cbc:CompanyID>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:PartyTaxScheme>
      <cac:PartyLegalEntity>
        <cbc:RegistrationName>${sample.sellerName ?? 'Papeterie Martin &amp; Fils SARL'}</cbc:RegistrationName>
        <cbc:CompanyID schemeID="0002">${siren}</cbc:CompanyID>
      </cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party>
      <cac:PartyName><cbc:Name>Atelier Dupont</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>12 rue des Lilas</cbc:StreetName>
        <cbc:CityName>Paris</cbc:CityName>
        <cbc:PostalZone>75011</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyLegalEntity><cbc:RegistrationName>Atelier Dupont</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingCustomerParty>
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>
    <cac:PayeeFinancialAccount>
      <cbc:ID>FR7630006000011234567890189</cbc:ID>
      <cac:FinancialInstitutionBranch><cbc:ID>AGRIFRPP</cbc:ID></cac:FinancialInstitutionBranch>
    </cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">250.01</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">1250.00</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="EUR">250.00</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20.00</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">0.10</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="EUR">0.01</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>5.5</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">1250.10</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">1250.10</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">1500.11</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">1500.11</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:${line}>
    <cbc:ID>1</cbc:ID>
    <cbc:${quantity} unitCode="C62">250</cbc:${quantity}>
    <cbc:LineExtensionAmount currencyID="EUR">1250.00</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>Ramettes A4 80 g « Éco »</cbc:Name>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">5.00</cbc:PriceAmount></cac:Price>
  </cac:${line}>
  <cac:${line}>
    <cbc:ID>2</cbc:ID>
    <cbc:${quantity} unitCode="C62">1</cbc:${quantity}>
    <cbc:LineExtensionAmount currencyID="EUR">0.10</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>Marque-page</cbc:Name>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>5.5</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="EUR">0.10</cbc:PriceAmount></cac:Price>
  </cac:${line}>
</${root}>
`;
}

/**
 * A Factur-X PDF issued by another professional of the instance (through its API) to a client with the
 * given SIRET: what a supplier using Facturo would send.
 */
export async function facturxFromSupplier(
  t: TestApp,
  buyerSiret: string = uniqueSiret(),
): Promise<{ pdf: Buffer; invoice: Invoice; supplierToken: string }> {
  const supplier = await signedInUser(t, {
    prenom: 'Léa',
    nom: 'Fournier',
    adresse: '4 allée des Cèdres',
    codePostal: '33000',
    ville: 'Bordeaux',
  });
  const client = await t.request({
    method: 'POST',
    url: '/api/clients',
    token: supplier.token,
    body: {
      nom: 'Atelier « Dupont » & Cie',
      email: uniqueEmail('acheteur'),
      siret: buyerSiret,
      adresse: { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes' },
    },
  });
  if (client.statusCode !== 201) throw new Error(`client: ${client.body}`);
  const created = await t.request({
    method: 'POST',
    url: '/api/factures',
    token: supplier.token,
    body: {
      client: client.json<Client>()._id,
      delaiPaiement: 30,
      lignes: [
        { description: 'Création d’un logo', quantite: '2,5', prixUnitaire: '199.99' },
        { description: 'Cartes de visite', quantite: 3, prixUnitaire: '0.10' },
      ],
    },
  });
  if (created.statusCode !== 201) throw new Error(`facture: ${created.body}`);
  const invoice = created.json<Invoice>();
  const pdf = await t.app.inject({
    method: 'GET',
    url: `/api/factures/${invoice._id}/pdf`,
    headers: { authorization: `Bearer ${supplier.token}` },
  });
  if (pdf.statusCode !== 200) throw new Error(`pdf: ${pdf.statusCode}`);
  return { pdf: pdf.rawPayload, invoice, supplierToken: supplier.token };
}

/** POST /factures-fournisseurs as the web sends it: the raw file, its name percent-encoded. */
export function uploadEInvoice(
  t: TestApp,
  token: string,
  bytes: Buffer | string,
  name = 'facture.pdf',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/factures-fournisseurs',
    payload: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    headers: {
      'content-type': 'application/octet-stream',
      authorization: `Bearer ${token}`,
      'x-nom-fichier': encodeURIComponent(name),
    },
    remoteAddress: randomIp(),
  });
}

/** A UBL invoice dropped in `token`'s inbox (status recue): its id. */
export async function receivedSupplierInvoice(t: TestApp, token: string): Promise<{ _id: string }> {
  const res = await uploadEInvoice(t, token, ublInvoice(), 'facture.xml');
  if (res.statusCode !== 201) throw new Error(`facture fournisseur : ${res.body}`);
  return res.json<{ _id: string }>();
}
