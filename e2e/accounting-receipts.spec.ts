import { parisDay } from '@facturo/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { downloadOf, goToAccounting } from './support/accounting.js';
import { apiHeaders, confirmedProfessional, newEmail } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/**
 * Issue 18 (lane books): the receipts book on /comptabilite — the year's receipts by month with their
 * totals, the presets and typed dates, the empty state, the CSV, PDF and FEC downloads, at desktop and
 * phone widths. What the files hold, rule by rule, is the API tests' (apps/server/src/modules/books).
 */

const today = parisDay(new Date());
const year = Number(today.slice(0, 4));
const euros = (text: string) => new RegExp(`${text.replace(' ', '\\s')}\\s€`);
const frenchDate = (isoDay: string) => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;

/**
 * A professional with an invoice of 300 € paid in two parts today (100 € by transfer, 200 € in cash) and
 * a second of 450 € paid last December.
 */
async function professionalWithReceipts(request: APIRequestContext) {
  const pro = await confirmedProfessional(request, 'recettes');
  const headers = await apiHeaders(request, pro.email, pro.password);
  const invoice = async (nom: string, objet: string, prixUnitaire: number) => {
    const client = await request.post('/api/clients', {
      headers,
      data: { nom, email: newEmail('client'), adresse: CLIENT_ADDRESS },
    });
    expect(client.status(), await client.text()).toBe(201);
    const created = await request.post('/api/factures', {
      headers,
      data: {
        client: ((await client.json()) as { _id: string })._id,
        objet,
        delaiPaiement: 30,
        lignes: [{ description: 'Prestation', quantite: 1, prixUnitaire }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id, numero } = (await created.json()) as { _id: string; numero: string };
    const sent = await request.put(`/api/factures/${_id}/statut-emetteur`, {
      headers,
      data: { statutEmetteur: 'envoyee' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    return { id: _id, numero };
  };
  const pay = async (id: string, datePaiement: string, montant: number, methode: string) => {
    const res = await request.post(`/api/factures/${id}/paiements`, {
      headers,
      data: { datePaiement, montant, methode, reference: `REF-${montant}` },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  const site = await invoice('Atelier Lumière', 'Site vitrine', 300);
  const logo = await invoice('Boulangerie Soleil', 'Logo', 450);
  await pay(site.id, today, 100, 'virement');
  await pay(site.id, today, 200, 'especes');
  await pay(logo.id, `${year - 1}-12-15`, 450, 'cheque');
  return { pro, site, logo };
}

async function openAccounting(page: Page, email: string, password: string, mobile: boolean) {
  await page.goto('/login');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/factures$/);
  await goToAccounting(page, mobile);
  return page.getByRole('region', { name: 'Livre des recettes' });
}

for (const viewport of [
  { name: '1280 px', width: 1280, height: 900, mobile: false },
  { name: '375 px', width: 375, height: 740, mobile: true },
] as const) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a professional reads the receipts book by period and downloads its CSV, its PDF and the FEC', async ({
      page,
      request,
    }) => {
      test.slow();
      const { pro, site, logo } = await professionalWithReceipts(request);
      // The book fails to load once: the section says so and reads it again on request.
      await page.route('**/api/livre-recettes?*', (route) =>
        route.fulfill({ status: 503, json: { errorType: 'unavailable', message: 'Indisponible' } }),
      );
      const book = await openAccounting(page, pro.email, pro.password, viewport.mobile);
      await expect(book.getByText('Erreur lors du chargement du livre des recettes')).toBeVisible();
      await page.unroute('**/api/livre-recettes?*');
      await book.getByRole('button', { name: 'Réessayer' }).click();

      // This year by default: the two parts of the first invoice, each on its line, and the month's total —
      // in a table from 768 px, in cards on a phone (the same region name for both).
      await expect(book.getByRole('button', { name: 'Cette année' })).toHaveAttribute('aria-pressed', 'true');
      const shown = book.getByRole('region', {
        name: new RegExp(`^Recettes du 01/01/${year} au 31/12/${year}`),
      });
      await expect(shown.getByRole(viewport.mobile ? 'list' : 'table')).toHaveCount(1);
      const receipt = (text: string) =>
        shown.getByRole(viewport.mobile ? 'listitem' : 'row').filter({ hasText: text });
      await expect(receipt(site.numero)).toHaveCount(2);
      await expect(receipt('Espèces')).toContainText(euros('200,00'));
      await expect(receipt('Virement')).toContainText('Atelier Lumière');
      const monthTotal = shown.getByText(/^Total [a-zéû]+ \d{4}$/);
      await expect(monthTotal).toHaveCount(1);
      await expect(monthTotal.locator('..')).toContainText(euros('300,00'));
      const periodTotal = shown.getByText('Total de la période (2 recettes)');
      await expect(periodTotal.locator('..')).toContainText(euros('300,00'));
      await expectAccessible(page);

      // Last year: the cheque of December, and nothing of this year.
      await book.getByRole('button', { name: 'L’année dernière' }).click();
      await expect(shown).toHaveCount(0);
      const lastYear = book.getByRole('region', { name: new RegExp(`^Recettes du 01/01/${year - 1}`) });
      await expect(lastYear.getByText(logo.numero)).toBeVisible();
      await expect(lastYear).toContainText('Chèque');
      await expect(lastYear.getByText(site.numero)).toHaveCount(0);
      await expect(lastYear.getByText(`Décembre ${year - 1}`, { exact: true })).toBeVisible();

      // Typed dates: the start after the end is refused in the server's words, then an empty period.
      await book.getByLabel('Du', { exact: true }).fill(`${year}-02-01`);
      await book.getByLabel('Au', { exact: true }).fill(`${year}-01-31`);
      await expect(book.getByText('La date de début doit précéder la date de fin.')).toBeVisible();
      await expect(book.getByRole('button', { name: /en CSV/ })).toBeDisabled();
      await book.getByLabel('Du', { exact: true }).fill('2001-01-01');
      await book.getByLabel('Au', { exact: true }).fill('2001-01-31');
      await expect(book.getByText('Aucune recette encaissée sur la période.')).toBeVisible();
      await expectAccessible(page);

      // The files of this year, named after the period, as a French spreadsheet and a printer want them.
      await book.getByRole('button', { name: 'Cette année' }).click();
      await expect(receipt(site.numero)).toHaveCount(2);
      const csv = await downloadOf(page, () => book.getByRole('button', { name: /en CSV/ }).click());
      expect(csv.name).toBe(`livre-des-recettes-${year}-01-01-${year}-12-31.csv`);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = csv.bytes.subarray(3).toString('utf8');
      expect(text.split('\r\n')[0]).toBe('Date;Client;Nature;Montant;Mode de paiement;Facture;Référence');
      expect(text).toContain(
        `${frenchDate(today)};Atelier Lumière;Site vitrine;200,00;Espèces;${site.numero};REF-200`,
      );
      const pdf = await downloadOf(page, () => book.getByRole('button', { name: /en PDF/ }).click());
      expect(pdf.name).toBe(`livre-des-recettes-${year}-01-01-${year}-12-31.pdf`);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

      // The FEC of last year: named after the SIREN and the closing day, tab-separated from its header.
      await book.getByLabel('Exercice').selectOption(String(year - 1));
      const fec = await downloadOf(page, () =>
        book.getByRole('button', { name: 'Télécharger le FEC' }).click(),
      );
      expect(fec.name).toBe(`${pro.siret.slice(0, 9)}FEC${year - 1}1231.txt`);
      const lines = fec.bytes.toString('latin1').split('\r\n');
      expect(lines[0]?.split('\t')).toHaveLength(18);
      expect(lines.filter((line) => line.startsWith('BQ\t'))).toHaveLength(2);
    });
  });
}
