import { randomUUID } from 'node:crypto';
import {
  type Client,
  EMAIL_RECIPIENT_REQUIRED_MESSAGE,
  type Invoice,
  singleLineMessage,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from '../../../test/factories.js';
import { section, validateAgainstXsd, value } from '../../../test/facturx.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { embeddedFile, pdfPageText, pdfText, xmp } from '../../../test/pdf.js';
import { freePort, startSmtpServer, waitFor } from '../../../test/smtp-server.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtpServer(port);
  t = await startTestApp(
    { smtpUrl: `smtp://127.0.0.1:${port}` },
    { jobsSchema: `pgboss_pdf_${randomUUID().slice(0, 8)}` },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function invoiceFor(clientOverrides: Record<string, unknown> = {}, lines?: unknown[]) {
  const issuer = await signedInUser(t, {
    prenom: 'Éloïse',
    nom: 'Gaël-Müller',
    adresse: '4 allée des Cèdres',
    codePostal: '33000',
    ville: 'Bordeaux',
  });
  const client = (
    await t.request({
      method: 'POST',
      url: '/api/clients',
      token: issuer.token,
      body: {
        nom: 'Société « L’Été » & Cie',
        email: uniqueEmail('acheteur'),
        adresse: { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes' },
        ...clientOverrides,
      },
    })
  ).json<Client>();
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token: issuer.token,
    body: {
      client: client._id,
      delaiPaiement: 30,
      lignes: lines ?? [
        { description: 'Création d’un logo — version « été »', quantite: '2,5', prixUnitaire: '199.99' },
      ],
    },
  });
  expect(res.statusCode).toBe(201);
  return { issuer, client, invoice: res.json<Invoice>() };
}

async function downloadPdf(token: string, id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/factures/${id}/pdf`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, pdf: res.rawPayload };
}

describe('GET /api/factures/{id}/pdf', () => {
  it('is a PDF/A-3b Factur-X EN 16931 document carrying a valid factur-x.xml', async () => {
    const { issuer, invoice } = await invoiceFor({ siret: '55210055400021' });
    const { res, pdf } = await downloadPdf(issuer.token, invoice._id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.numero}.pdf"`);
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');

    const metadata = xmp(pdf);
    expect(metadata).toMatch(/<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(metadata).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(metadata).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(metadata).toContain('<fx:Version>1.0</fx:Version>');
    expect(metadata).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(metadata).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    expect(metadata).toContain(`Facture ${invoice.numero}`);

    const raw = pdfText(pdf);
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toContain('/Subtype /text#2Fxml');
    expect(raw).toMatch(/\/S \/GTS_PDFA1/);
    expect(raw).toContain('/FontFile2');
    // PDF/A: no standard-14 font anywhere, every glyph comes from the embedded DejaVu.
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);

    const xml = embeddedFile(pdf).toString('utf8');
    expect(await validateAgainstXsd(xml)).toEqual([]);
    expect(xml).toContain(`<ram:ID>${invoice.numero}</ram:ID>`);
    expect(value(xml, 'ram:GrandTotalAmount')).toBe('499.98');
    expect(xml).toContain('Création d’un logo — version « été »');
    expect(xml).toContain('Société « L’Été » &amp; Cie');
  });

  it('keeps a description of several lines through the API, prints it wrapped, and the XML stays valid', async () => {
    const description =
      'Refonte du site vitrine\nMaquettes, intégration et mise en ligne des douze pages du catalogue de printemps';
    const { issuer, invoice } = await invoiceFor({}, [{ description, quantite: '1', prixUnitaire: '800' }]);
    expect(invoice.lignes[0]?.description).toBe(description);
    const { pdf } = await downloadPdf(issuer.token, invoice._id);
    const printed = pdfPageText(pdf).split('\n');
    // Its own line first, then the long second line wrapped within the Description column.
    expect(printed).toContain('Refonte du site vitrine');
    const wrapped = printed.filter((row) => /Maquettes|printemps/.test(row));
    expect(wrapped.length).toBeGreaterThanOrEqual(2);
    const xml = embeddedFile(pdf).toString('utf8');
    expect(await validateAgainstXsd(xml)).toEqual([]);
    expect(value(section(xml, 'ram:SpecifiedTradeProduct'), 'ram:Name')).toBe(description);
  });

  it('runs over several pages for a long invoice, and stays valid', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({
      description: `Séance n°${i + 1}`,
      quantite: '1.5',
      prixUnitaire: '33.33',
    }));
    const { issuer, invoice } = await invoiceFor({}, lines);
    // 1,5 × 33,33 = 49,995 → 50,00 per line: rounding is per line, as printed.
    expect(invoice.montantTTC).toBe(6000);
    const { pdf } = await downloadPdf(issuer.token, invoice._id);
    const pages = pdfText(pdf).match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(2);
    const xml = embeddedFile(pdf).toString('utf8');
    expect(await validateAgainstXsd(xml)).toEqual([]);
    expect(xml.match(/<ram:IncludedSupplyChainTradeLineItem>/g)).toHaveLength(120);
  });

  it('carries ANNULÉE once the invoice is cancelled, and stays a valid Factur-X', async () => {
    const { issuer, invoice } = await invoiceFor();
    const before = pdfPageText((await downloadPdf(issuer.token, invoice._id)).pdf);
    expect(before).not.toContain('ANNULÉE');
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(removed.statusCode).toBe(204);
    const { res, pdf } = await downloadPdf(issuer.token, invoice._id);
    expect(res.statusCode).toBe(200);
    expect(pdfPageText(pdf).split('\n')).toContain('ANNULÉE');
    // Drawn translucent (an ExtGState fill opacity, which PDF/A-3 allows), so the lines stay readable.
    expect(pdfText(pdf)).toMatch(/\/ca 0\.18/);
    expect(xmp(pdf)).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    const xml = embeddedFile(pdf).toString('utf8');
    expect(await validateAgainstXsd(xml)).toEqual([]);
    expect(xml).toContain(`<ram:ID>${invoice.numero}</ram:ID>`);
  });

  it('is for the issuer and the recipient only', async () => {
    const { issuer, invoice } = await invoiceFor();
    const stranger = await signedInUser(t);
    expect((await downloadPdf(stranger.token, invoice._id)).res.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/factures/${invoice._id}/pdf` })).statusCode).toBe(
      401,
    );
    expect((await downloadPdf(issuer.token, 'pas-un-id')).res.statusCode).toBe(404);
  });
});

describe('POST /api/factures/{id}/send-email', () => {
  it('delivers the message with the PDF to a real SMTP server, replies going to the professional', async () => {
    const { issuer, client, invoice } = await invoiceFor();
    const res = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-email`,
      token: issuer.token,
      body: {
        to: client.email,
        subject: `Facture ${invoice.numero}`,
        message: 'Bonjour,\n\nVoici votre facture.\nBcc: intrus@exemple.fr',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Invoice>()).toMatchObject({ statutEmetteur: 'envoyee', verrouillee: true });

    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(client.email)));
    expect(mail.from).toBe('no-reply@facturo.test');
    expect(mail.to).toEqual([client.email]);
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'));
    const replyTo = headers.replace(/\r\n[ \t]+/g, ' ').match(/^Reply-To: (.*)$/m)?.[1] ?? '';
    expect(replyTo).toContain(`<${issuer.user.email}>`);
    expect(headers).toMatch(/^From: Facturo <no-reply@facturo\.test>$/m);
    expect(headers).toContain(`Subject: Facture ${invoice.numero}`);
    // The message text stays in the body: no header can be smuggled in.
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(mail.raw).toContain(`Content-Type: application/pdf; name=${invoice.numero}.pdf`);
    const attachment =
      mail.raw.split(`filename=${invoice.numero}.pdf`)[1]?.split('\r\n\r\n')[1]?.split('\r\n--')[0] ?? '';
    const pdf = Buffer.from(attachment.replace(/\s/g, ''), 'base64');
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');
    expect(await validateAgainstXsd(embeddedFile(pdf).toString('utf8'))).toEqual([]);

    // Sent by e-mail: frozen like any sent invoice.
    const edit = await t.request({
      method: 'DELETE',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errorType).toBe('invoice_locked');
  });

  it('checks the recipient and the subject', async () => {
    const { issuer, invoice } = await invoiceFor();
    const cases: [Record<string, unknown>, string][] = [
      [{ to: '', subject: 'Facture' }, EMAIL_RECIPIENT_REQUIRED_MESSAGE],
      [{ subject: 'Facture' }, EMAIL_RECIPIENT_REQUIRED_MESSAGE],
      [{ to: 'pas-une-adresse', subject: 'Facture' }, 'Adresse email invalide'],
      [{ to: 'a@exemple.fr\r\nBcc: b@exemple.fr', subject: 'Facture' }, singleLineMessage(['to'])],
      [{ to: 'a@exemple.fr', subject: '  ' }, "L'objet de l'email est requis."],
      [{ to: 'a@exemple.fr', subject: 'Facture\r\nBcc: intrus@exemple.fr' }, singleLineMessage(['subject'])],
    ];
    for (const [body, message] of cases) {
      const res = await t.request({
        method: 'POST',
        url: `/api/factures/${invoice._id}/send-email`,
        token: issuer.token,
        body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const still = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(still.json<Invoice>()).toMatchObject({ statutEmetteur: 'creee', verrouillee: false });
  });

  it('is for the issuer only', async () => {
    const { invoice } = await invoiceFor();
    const stranger = await signedInUser(t);
    const res = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-email`,
      token: stranger.token,
      body: { to: 'a@exemple.fr', subject: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('limits how many e-mails one professional sends in an hour', async () => {
    const { issuer, client, invoice } = await invoiceFor();
    // At the start of an hour-long window, so that the sixty sends cannot straddle two windows.
    const hour = 3_600_000;
    t.clock.set(new Date((Math.floor(Date.now() / hour) + 2) * hour + 1_000));
    const send = () =>
      t.request({
        method: 'POST',
        url: `/api/factures/${invoice._id}/send-email`,
        token: issuer.token,
        body: { to: client.email, subject: 'Relance' },
      });
    for (let i = 0; i < 60; i++) expect((await send()).statusCode).toBe(200);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errorType).toBe('rate_limited');
    t.clock.reset();
    // Sixty PDFs drawn and e-mailed: slow on a loaded machine, and never a timing assertion.
  }, 120_000);
});
