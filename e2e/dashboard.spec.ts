import { parisDay, URSSAF_ACTIVITY_LABELS, urssafRates } from '@facturo/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, newEmail, PASSWORD, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { followNavLink } from './support/navigation.js';
import { issueInvoiceTo, particulierFromInvoiceLink } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/**
 * Issue 17: /tableau-de-bord, one click from the sidebar (signing in still lands on /factures): a
 * professional's figures, chart and its table, top clients, due dates and URSSAF helper; a new professional's
 * empty state; a particulier's amounts due. The exact aggregates (payments, months in Paris, credit notes,
 * deposits, late invoices) are the API tests' (apps/server/src/modules/dashboard).
 */

const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 900, mobile: false },
  { name: '375 px', width: 375, height: 740, mobile: true },
] as const;

/** « 750,00 € » as fr-FR writes it (a no-break space before the sign). */
const euros = (text: string) => new RegExp(`${text.replace(' ', '\\s')}\\s€`);

async function goToDashboard(page: Page, mobile: boolean) {
  await followNavLink(page, 'Tableau de bord', mobile);
  await expect(page).toHaveURL(/\/tableau-de-bord$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
}

/**
 * Two sent invoices (300 € to one client, 450 € to another) and one to the second not sent yet (150 €);
 * the first had 100 € paid today.
 */
async function issuerWithInvoices(request: APIRequestContext) {
  const issuer = await confirmedProfessional(request, 'tableau');
  const headers = await apiHeaders(request, issuer.email, issuer.password);
  const ids: string[] = [];
  const invoice = async (clientId: string, prixUnitaire: number, quantite: number, send: boolean) => {
    const created = await request.post('/api/factures', {
      headers,
      data: {
        client: clientId,
        delaiPaiement: 30,
        lignes: [{ description: 'Prestation', quantite, prixUnitaire }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id, numero } = (await created.json()) as { _id: string; numero: string };
    if (send) {
      const sent = await request.put(`/api/factures/${_id}/statut-emetteur`, {
        headers,
        data: { statutEmetteur: 'envoyee' },
      });
      expect(sent.status(), await sent.text()).toBe(200);
    }
    ids.push(_id);
    return numero;
  };
  const client = async (nom: string) => {
    const res = await request.post('/api/clients', {
      headers,
      data: { nom, email: newEmail('client'), adresse: CLIENT_ADDRESS },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  };
  const atelier = await client('Atelier Lumière');
  const boulangerie = await client('Boulangerie Soleil');
  const numeros = [
    await invoice(atelier, 100, 3, true),
    await invoice(boulangerie, 450, 1, true),
    await invoice(boulangerie, 150, 1, false),
  ];
  const paid = await request.post(`/api/factures/${ids[0]}/paiements`, {
    headers,
    data: { datePaiement: parisDay(new Date()), montant: 100, methode: 'virement', reference: 'VIR-1' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { issuer, numeros };
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a professional reads what is due, the year in bars and as a table, and prepares the URSSAF declaration', async ({
      page,
      request,
    }) => {
      test.slow();
      const { issuer, numeros } = await issuerWithInvoices(request);
      const chunks: string[] = [];
      page.on('request', (req) => chunks.push(req.url()));
      await signIn(page, issuer.email, issuer.password);
      await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
      // The chart library is the dashboard's alone: the invoice list did not download it.
      expect(chunks.filter((url) => url.includes('revenue-bars'))).toEqual([]);

      await goToDashboard(page, viewport.mobile);
      const figure = (label: string) => page.locator('dl > div').filter({ hasText: label });
      await expect(figure('En attente de paiement')).toContainText(euros('650,00'));
      await expect(figure('Encaissé ce mois-ci')).toContainText(euros('100,00'));
      await expect(figure('En retard')).toContainText('Aucune facture échue');
      await expect(figure('Délai moyen de paiement')).toContainText('—');

      // The bars (drawn by the lazily loaded chunk), and the same figures in the table.
      await expect(page.getByTestId('revenue-bars').locator('.recharts-wrapper')).toBeVisible();
      expect(chunks.some((url) => url.includes('revenue-bars'))).toBe(true);
      const chart = page.getByRole('region', { name: 'Facturé et encaissé sur 12 mois' });
      await chart.getByText('Voir les chiffres').click();
      const table = chart.getByRole('table', { name: /Montants facturés et encaissés par mois/ });
      await expect(table.getByRole('row')).toHaveCount(13);
      // Invoiced means issued (DESIGN §5): the unsent 150 € is a numbered draft, counted nowhere.
      await expect(table.getByRole('row').last()).toContainText(euros('750,00'));

      const clients = page.getByRole('region', { name: 'Meilleurs clients' });
      await expect(clients.getByRole('row').nth(1)).toContainText('Boulangerie Soleil');
      await expect(clients.getByRole('row').nth(1)).toContainText(euros('450,00'));
      await expect(clients.getByRole('row').nth(2)).toContainText('Atelier Lumière');

      const due = page.getByRole('region', { name: 'Prochaines échéances' });
      await expect(due.getByRole('link')).toHaveCount(2);
      await expect(due.getByRole('link', { name: numeros[1] })).toBeVisible();
      await expectAccessible(page);

      // The URSSAF helper: no contribution before an activity is chosen, then the year's rate and its source.
      const urssaf = page.getByRole('region', { name: 'Déclaration URSSAF' });
      await expect(urssaf.getByText('Choisissez votre activité pour les calculer.')).toBeVisible();
      await urssaf.getByLabel('Activité').selectOption({ label: URSSAF_ACTIVITY_LABELS.bnc });
      await expectToast(page, 'Activité enregistrée');
      const year = new Date().getFullYear();
      await expect(urssaf.getByText(`Source : ${urssafRates(year).source}`)).toBeVisible();
      await expect(urssaf.getByText(`Taux ${year} :`, { exact: false })).toBeVisible();
      await urssaf.getByLabel('Période déclarée').selectOption({ label: 'janvier' });
      await expect(urssaf.getByText(`À déclarer pour janvier ${year}`)).toBeVisible();
      await expect(
        urssaf.getByRole('table', { name: new RegExp(`Encaissé en ${year}`) }).getByRole('row'),
      ).toHaveCount(17);
      await expect(urssaf.getByRole('heading', { name: /Franchise en base de TVA/ })).toBeVisible();
      await expectAccessible(page);

      // Kept: the activity is still chosen on the next visit.
      await page.reload();
      await expect(
        page.getByRole('region', { name: 'Déclaration URSSAF' }).getByLabel('Activité'),
      ).toHaveValue('bnc');

      await due.getByRole('link', { name: numeros[0] }).click();
      await expect(page).toHaveURL(/\/factures\/[0-9a-f-]+$/);
    });

    test('a new professional is pointed to « Nouvelle facture », a particulier sees what they owe', async ({
      page,
      request,
    }) => {
      test.slow();
      const newcomer = await confirmedProfessional(request, 'nouveau');
      await signIn(page, newcomer.email, newcomer.password);
      // The figures fail to load once: the page says so and tries again on request.
      await page.route('**/api/tableau-de-bord', (route) =>
        route.fulfill({ status: 503, json: { errorType: 'unavailable', message: 'Indisponible' } }),
      );
      await goToDashboard(page, viewport.mobile);
      await expect(page.getByText('Erreur lors du chargement du tableau de bord')).toBeVisible();
      await expectAccessible(page);
      await page.unroute('**/api/tableau-de-bord');
      await page.getByRole('button', { name: 'Réessayer' }).click();
      await expect(page.getByRole('heading', { name: 'Bienvenue sur votre tableau de bord' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Nouvelle facture' }).click();
      await expect(page).toHaveURL(/\/factures\/create$/);

      // A particulier, who created an account from the link of an invoice of 300 € sent on the platform.
      const email = newEmail('particulier-tableau');
      const { numero } = await issueInvoiceTo(request, newcomer, email);
      await particulierFromInvoiceLink(request, email, PASSWORD);
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await signIn(page, email, PASSWORD);
      await goToDashboard(page, viewport.mobile);
      await expect(page.locator('dl > div').filter({ hasText: 'À payer' })).toContainText(euros('300,00'));
      const due = page.getByRole('region', { name: 'Prochaines échéances' });
      await expect(due.getByRole('link', { name: numero })).toBeVisible();
      await expect(due).toContainText('Camille Roux');
      await expect(page.getByRole('region', { name: 'Déclaration URSSAF' })).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}
