import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, PASSWORD, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { followNavLink } from './support/navigation.js';
import { invoiceToBusiness } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';

/*
 * Closing an account that issued invoices keeps its books readable (Code de commerce L123-22): signing in
 * again with the same address and password opens a read-only archive — the invoices, the books, the
 * supplier invoices and the profile reduced to the archive, under a banner saying until when — at desktop
 * and phone widths, where no screen shows a write button nor meets a refusal (403) from the API, and any
 * other address leads back to the archive's home. « Supprimer définitivement » then erases it for good.
 */

interface Archive {
  email: string;
  invoice: { _id: string; numero: string };
  supplierInvoiceNumero: string;
}

/** A seller with an issued and partly paid invoice, a purchase and a received supplier invoice, closed. */
async function closedSellerWithBooks(request: APIRequestContext): Promise<Archive> {
  const seller = await confirmedProfessional(request, 'cloture');
  const headers = await apiHeaders(request, seller.email, seller.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email: 'atelier-cloture@exemple.fr', adresse: CLIENT_ADDRESS },
  });
  expect(client.status(), await client.text()).toBe(201);
  const created = await request.post('/api/factures', {
    headers,
    data: {
      client: ((await client.json()) as { _id: string })._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Maquettes', quantite: 2, prixUnitaire: 150 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { _id: string; numero: string; dateEmission: string };
  const sent = await request.put(`/api/factures/${invoice._id}/statut-emetteur`, {
    headers,
    data: { statutEmetteur: 'envoyee' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const paid = await request.post(`/api/factures/${invoice._id}/paiements`, {
    headers,
    data: { datePaiement: invoice.dateEmission, montant: '100,00', methode: 'virement', reference: 'VIR 1' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const purchase = await request.post('/api/achats', {
    headers,
    data: {
      dateAchat: invoice.dateEmission,
      fournisseur: 'Grossiste Durand',
      description: 'Papier',
      montantTTC: '60,00',
      montantTVA: '10,00',
      methode: 'carte',
    },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);

  // A supplier's Factur-X, dropped in the seller's inbox before the closure.
  const supplier = await confirmedProfessional(request, 'fournisseur-cloture');
  const bought = await invoiceToBusiness(
    request,
    supplier,
    { nom: 'Atelier Roux', email: seller.email, siret: seller.siret },
    { description: 'Impression de flyers', quantite: 1, prixUnitaire: 80 },
  );
  const pdf = await request.get(`/api/factures/${bought.invoice._id}/pdf`, { headers: bought.headers });
  expect(pdf.status()).toBe(200);
  const dropped = await request.post('/api/factures-fournisseurs', {
    headers: {
      ...headers,
      'content-type': 'application/octet-stream',
      'x-nom-fichier': encodeURIComponent(`${bought.invoice.numero}.pdf`),
    },
    data: await pdf.body(),
  });
  expect(dropped.status(), await dropped.text()).toBe(201);

  const closed = await request.delete('/api/users/me', { headers, data: { password: seller.password } });
  expect(closed.status(), await closed.text()).toBe(204);
  return { email: seller.email, invoice, supplierInvoiceNumero: bought.invoice.numero };
}

/** Every API answer 403 the page meets (the archive's screens must only read what the server allows). */
function refusalsOf(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && new URL(response.url()).pathname.startsWith('/api/')) {
      refused.push(`${response.request().method()} ${response.url()}`);
    }
  });
  return refused;
}

/** A download the button starts (its read must be on the server's allowlist: a 403 would start none). */
async function downloads(page: Page, button: Locator): Promise<void> {
  const downloading = page.waitForEvent('download');
  await button.click();
  expect((await downloading).suggestedFilename()).not.toBe('');
}

const ARCHIVE_NAV = ['Factures', 'Comptabilité', 'Factures fournisseurs', 'Mon profil'];

/** Every screen of the archive, read-only: what each shows, no write button, no accessibility violation. */
async function readEveryScreen(page: Page, archive: Archive, mobile: boolean): Promise<void> {
  const main = page.getByRole('main');
  // The archive's home: its invoices under the banner, nothing to create.
  await expect(page.getByTestId('bandeau-compte-cloture')).toContainText(
    /Compte clôturé : consultation seule jusqu’au \d{2}\/\d{2}\/\d{4}/,
  );
  await expect(main.getByRole('link', { name: archive.invoice.numero, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nouvelle facture' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Passer Premium|Notifications/ })).toHaveCount(0);
  await expectAccessible(page);
  if (!mobile) await downloads(page, main.getByRole('button', { name: 'Export RGPD' }));

  // The navigation shows the archive's entries only.
  if (mobile)
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Ouvrir le menu/ })
      .click();
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link')).toHaveText(ARCHIVE_NAV);
  if (mobile)
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Fermer le menu/ })
      .click();

  // The invoice: its PDF to download, nothing to send, pay, credit, change or delete.
  await main.getByRole('link', { name: archive.invoice.numero, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(archive.invoice.numero);
  await expect(main.getByRole('heading', { name: 'Paiements' })).toBeVisible();
  await expect(main.getByRole('button', { name: /PDF/ })).toBeVisible();
  for (const write of [
    /Envoyer/,
    /Enregistrer un paiement/,
    /avoir/i,
    /^Supprimer$/,
    /Retirer/,
    /Relancer/,
  ]) {
    await expect(main.getByRole('button', { name: write })).toHaveCount(0);
  }
  await expect(main.getByRole('link', { name: /Modifier|Dupliquer/ })).toHaveCount(0);
  await expectAccessible(page);
  if (!mobile) await downloads(page, main.getByRole('button', { name: 'Télécharger le PDF' }));

  // The books: read and download, no purchase to add, no archive to build.
  await followNavLink(page, 'Comptabilité', mobile);
  await expect(page.getByRole('heading', { level: 1, name: 'Comptabilité' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Registre des achats' })).toBeVisible();
  // The table from 768 px, cards below: the one on screen.
  await expect(main.getByText('Grossiste Durand').filter({ visible: true }).first()).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Registre des numéros' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Ajouter un achat' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /Modifier l'achat|Supprimer l'achat/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Générer l’archive' })).toHaveCount(0);
  await expectAccessible(page);
  if (!mobile) {
    await downloads(page, main.getByRole('button', { name: 'Télécharger le FEC' }));
    await downloads(page, main.getByRole('button', { name: 'Télécharger le registre des numéros en CSV' }));
  }

  // The supplier invoices received: the list and one of them, no drop zone, no decision.
  await followNavLink(page, 'Factures fournisseurs', mobile);
  await expect(page.getByRole('heading', { level: 1, name: 'Factures fournisseurs' })).toBeVisible();
  await expect(page.getByLabel('Choisir une facture fournisseur à déposer')).toHaveCount(0);
  await expectAccessible(page);
  await main
    .getByRole('link', { name: /Camille Roux/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(archive.supplierInvoiceNumero);
  await expect(main.getByRole('button', { name: /Approuver|Refuser|payée/ })).toHaveCount(0);
  await expectAccessible(page);

  // The profile: the archive's details and its erasure, nothing else to set.
  await followNavLink(page, 'Mon profil', mobile);
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  await expect(page.getByTestId('archive-jusqu-au')).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(main.getByText(archive.email)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  await expectAccessible(page);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test(`a closed account reads every screen of its archive, read-only, at ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    test.slow();
    const archive = await closedSellerWithBooks(request);
    const refused = refusalsOf(page);
    await page.setViewportSize(viewport);
    await signIn(page, archive.email, PASSWORD);
    await readEveryScreen(page, archive, viewport.width < 768);

    // A screen outside the archive, typed in the address bar, lands on its home without an error.
    const main = page.getByRole('main');
    for (const forbidden of ['/clients', '/tableau-de-bord', '/devis', '/factures/create', '/subscription']) {
      await page.goto(forbidden);
      await expect(page).toHaveURL(/\/factures$/);
      await expect(main.getByRole('link', { name: archive.invoice.numero, exact: true })).toBeVisible();
    }
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
    expect(refused).toEqual([]);
  });
}

test('« Supprimer définitivement » says what goes and what stays, then the archive signs in no more', async ({
  page,
  request,
}) => {
  test.slow();
  const archive = await closedSellerWithBooks(request);
  const refused = refusalsOf(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, archive.email, PASSWORD);
  await page.goto('/profil');
  await page
    .getByRole('main')
    .getByRole('region', { name: 'Supprimer définitivement' })
    .getByRole('button')
    .click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement' });
  const consequences = dialog.getByTestId('effacement-consequences');
  await expect(consequences).toContainText('vos achats et leurs justificatifs');
  await expect(consequences).toContainText('Compte clôturé');
  await expectAccessible(page);
  await dialog.getByLabel('J’ai téléchargé mes archives (factures, FEC, journal)').check();
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Adresse email').fill(archive.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText(/Adresse email ou mot de passe incorrect/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const login = await request.post('/api/auth/login', { data: { email: archive.email, password: PASSWORD } });
  expect(login.status()).toBe(401);
  expect(refused).toEqual([]);
});

test('the closure dialog says what stays readable, until when, how to read it and how to erase it', async ({
  page,
  request,
}) => {
  const seller = await confirmedProfessional(request, 'avant-cloture');
  const headers = await apiHeaders(request, seller.email, seller.password);
  const purchase = await request.post('/api/achats', {
    headers,
    data: { dateAchat: '2024-03-09', fournisseur: 'Grossiste Durand', montantTTC: '60,00', methode: 'carte' },
  });
  expect(purchase.status(), await purchase.text()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, seller.email, PASSWORD);
  await page.goto('/profil');
  await page
    .getByRole('region', { name: 'Supprimer mon compte' })
    .getByRole('button', { name: 'Supprimer mon compte' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  const consequences = dialog.getByTestId('consequences-cloture');
  // The purchase of 2024 alone keeps the books ten years after that year.
  await expect(consequences).toContainText('Conservé en lecture seule jusqu’au 31/12/2034');
  await expect(consequences).toContainText('même adresse e-mail et le même mot de passe');
  await expect(consequences).toContainText('« Supprimer définitivement »');
  await expectAccessible(page);
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, seller.email, PASSWORD);
  await expect(page.getByTestId('bandeau-compte-cloture')).toContainText('jusqu’au 31/12/2034');
});
