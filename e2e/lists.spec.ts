import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import { apiHeaders, confirmedProfessional, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { invoicePanel } from './support/invoice-wizard.js';
import { expect, test } from './support/test.js';

/*
 * Issue 16: lists longer than a page. The rows come 50 at a time (x-next-cursor), drawn only near the
 * screen (TanStack Virtual); the next page loads as the end comes near, or with « Charger plus »; search
 * and filters are the server's; the total line comes from the SQL aggregate (/totaux).
 */

const INVOICES = 120;
const PAID = 5;
/** The clients of the invoices, in turn: every third invoice is for each. */
const CLIENTS = ['Atelier Lumière', 'Boulangerie Dupont', 'Cabinet Zèbre'] as const;

const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()).slice(0, 4);
const numero = (n: number) => `FAC-${year}-${String(n).padStart(4, '0')}`;
/** Intl writes amounts with no-break spaces: compare on the digits. */
const exactly = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s').replace('€', '\\s?€')}$`);

type Headers = Record<string, string>;

async function post(request: APIRequestContext, headers: Headers, path: string, data: unknown) {
  const res = await request.post(`/api/${path}`, { headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; numero: string };
}

/** Invoices 1…120, 10 € each, the first PAID of them paid; created one after the other (the list's order). */
async function seedInvoices(request: APIRequestContext, headers: Headers): Promise<void> {
  const clients: string[] = [];
  for (const [index, nom] of CLIENTS.entries()) {
    const email = `client-${index}-${Date.now()}@exemple.fr`;
    clients.push((await post(request, headers, 'clients', { nom, email, adresse: CLIENT_ADDRESS }))._id);
  }
  for (let n = 1; n <= INVOICES; n++) {
    const invoice = await post(request, headers, 'factures', {
      client: clients[(n - 1) % CLIENTS.length],
      delaiPaiement: 30,
      objet: `Mission ${n}`,
      lignes: [{ description: `Prestation ${n}`, quantite: 1, prixUnitaire: 10 }],
    });
    if (n <= PAID) {
      const paid = await request.put(`/api/factures/${invoice._id}/statut-emetteur`, {
        headers,
        data: { statutEmetteur: 'payee' },
      });
      expect(paid.status(), await paid.text()).toBe(200);
    }
  }
}

const invoiceLinks = (page: Page) => page.getByRole('link', { name: /^FAC-/ });
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const totalLine = (page: Page) => page.getByTestId('list-total');

/**
 * Holds the requests of next pages (with a cursor) until released, so a test decides when a page
 * arrives, whichever of the scroll or the button asked for it.
 */
async function holdNextPages(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  const matcher = (url: URL) => url.pathname.startsWith('/api/') && url.searchParams.has('cursor');
  await page.route(matcher, (route) => {
    held.push(route);
  });
  return {
    release: async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(matcher);
    },
  };
}

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Scrolls down, again as each page arrives and lengthens the list, until `last` is on screen. */
async function scrollToEnd(page: Page, last: Locator): Promise<void> {
  await expect(async () => {
    await scrollToBottom(page);
    await expect(last).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

/** How many rows are in the DOM: a virtualised list keeps it near a screenful, whatever is loaded. */
const drawnRows = (list: Locator) => list.getByRole('listitem').count();

test('a long invoice list: pages on scroll and by keyboard, few rows drawn, search, filters and SQL totals', async ({
  page,
  request,
}) => {
  test.slow();
  const pro = await confirmedProfessional(request, 'listes');
  const headers = await apiHeaders(request, pro.email, pro.password);
  await seedInvoices(request, headers);
  await signIn(page, pro.email, pro.password);

  // --- The first page: the newest 50, and the figures of all 120 (none cancelled: 1 200 €).
  await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
  await expect(totalLine(page)).toHaveText(exactly('1 200,00 €'));
  await expect(page.getByText('120 documents · Total TTC :')).toBeVisible();
  await expect(status(page, '50 documents affichés sur 120')).toBeVisible();
  await expect(invoiceLinks(page).first()).toHaveText(numero(INVOICES));
  const list = page.getByRole('list').filter({ has: invoiceLinks(page).first() });
  expect(await drawnRows(list)).toBeLessThan(30);
  await expectAccessible(page);

  // --- « Charger plus » by keyboard: the focus goes to the first new row.
  const more = page.getByRole('button', { name: 'Charger plus' });
  const held = await holdNextPages(page);
  await more.focus();
  await page.keyboard.press('Enter');
  await held.release();
  await expect(status(page, '100 documents affichés sur 120')).toBeVisible();
  await expect(page.getByRole('link', { name: numero(INVOICES - 50) })).toBeFocused();
  // Tab goes on down the list, row by row (a link per row, then its PDF button).
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('button', { name: `Télécharger le PDF de la facture ${numero(INVOICES - 50)}` }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: numero(INVOICES - 51) })).toBeFocused();

  // --- Scrolling to the end loads the last page; the DOM still holds about a screenful of rows.
  await scrollToEnd(page, page.getByRole('link', { name: numero(1) }));
  await expect(status(page, 'affichés sur 120')).toHaveCount(0);
  await expect(more).toHaveCount(0);
  expect(await drawnRows(list)).toBeLessThan(30);
  // And back to the top: the first rows are drawn again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('link', { name: numero(INVOICES) })).toBeVisible();

  // --- Search, debounced into ?q=, on the server: a client's name; a number; nothing found; Escape.
  const search = page.getByRole('textbox', { name: 'Rechercher une facture' });
  await search.fill('dupont');
  await expect(page).toHaveURL(/[?&]q=dupont/);
  await expect(page.getByText('40 documents · Total TTC :')).toBeVisible();
  await expect(totalLine(page)).toHaveText(exactly('400,00 €'));
  await expect(invoiceLinks(page).first()).toHaveText(numero(INVOICES - 1));
  await search.fill(numero(7));
  await expect(invoiceLinks(page)).toHaveText([numero(7)]);
  await page.reload();
  await expect(search).toHaveValue(numero(7));
  await expect(invoiceLinks(page)).toHaveText([numero(7)]);
  await search.fill('introuvable');
  await expect(page.getByText('Aucune facture trouvée pour « introuvable ».')).toBeVisible();
  await expectAccessible(page);
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByText('120 documents · Total TTC :')).toBeVisible();

  // --- The status filter (the navigation's « Payées ») and the type filter, both on the server.
  await page.goto('/factures?status=payée');
  await expect(page.getByRole('heading', { level: 1, name: 'Factures — Payées' })).toBeVisible();
  await expect(page.getByText(`${PAID} documents · Total TTC :`)).toBeVisible();
  await expect(totalLine(page)).toHaveText(exactly('50,00 €'));
  await expect(invoiceLinks(page)).toHaveText([5, 4, 3, 2, 1].map(numero));
  await expect(page.getByRole('button', { name: 'Charger plus' })).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Type de document' })
    .getByRole('link', { name: 'Avoirs' })
    .click();
  await expect(page).toHaveURL(/[?&]type=avoir/);
  await expect(page.getByText('Aucune facture trouvée', { exact: true })).toBeVisible();
});

test('the clients directory a page at a time: chips and search on the server; the picker searches too', async ({
  page,
  request,
}) => {
  test.slow();
  const pro = await confirmedProfessional(request, 'annuaire');
  const headers = await apiHeaders(request, pro.email, pro.password);
  // 60 clients, 20 of them businesses; names sort as numbered.
  for (let n = 1; n <= 60; n++) {
    const label = String(n).padStart(2, '0');
    const business = n % 3 === 0;
    await post(request, headers, 'clients', {
      nom: business ? `Client ${label} SARL` : `Client ${label}`,
      email: `client${label}-${Date.now()}@exemple.fr`,
      adresse: { ...CLIENT_ADDRESS, ville: n === 42 ? 'Grenoble' : CLIENT_ADDRESS.ville },
      type: business ? 'entreprise' : 'particulier',
    });
  }
  await signIn(page, pro.email, pro.password);
  await page.goto('/clients');

  const card = (name: string) => page.getByRole('button', { name, exact: true });
  await expect(card('Client 01')).toBeVisible();
  await expect(status(page, '50 clients affichés sur 60')).toBeVisible();
  await scrollToEnd(page, card('Client 60 SARL'));
  await expect(status(page, 'affichés sur 60')).toHaveCount(0);

  // The chip asks the server for businesses only; the search (the city here) narrows further.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Entreprises' }).click();
  await expect(card('Client 03 SARL')).toBeVisible();
  await expect(card('Client 01')).toHaveCount(0);
  const search = page.getByRole('textbox', { name: 'Rechercher un client' });
  await search.fill('grenoble');
  await expect(page.getByRole('button', { name: /^Client \d\d/ })).toHaveText(['Client 42 SARL']);
  // axe here, on one card: on 30 it takes seconds of a busy 2-core machine, and the cards are all alike.
  await expectAccessible(page);
  await search.fill('personne');
  await expect(page.getByText('Aucun client trouvé pour « personne ».')).toBeVisible();
  await search.press('Escape');
  await page.getByRole('button', { name: 'Tous' }).click();

  // Opening a card far down the list and coming back gives it the focus again.
  await scrollToBottom(page);
  await card('Client 58').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Client 58' })).toBeVisible();
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(card('Client 58')).toBeFocused();

  // --- The wizard's picker asks the server: a client beyond the first 20 is found by typing.
  await page.goto('/factures');
  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const panel = invoicePanel(page);
  await panel.getByRole('button', { name: 'Suivant' }).click();
  const picker = panel.getByRole('combobox', { name: 'Client' });
  await picker.click();
  await expect(panel.getByText('20 clients sur 60 : précisez la recherche.')).toBeVisible();
  await picker.fill('Client 58');
  await panel.getByRole('option', { name: /Client 58/ }).click();
  await expect(picker).toHaveValue('Client 58');
});
