import type { APIRequestContext, Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX } from './support/env.js';
import { linkIn, waitForMail } from './support/outbox.js';
import { expect, test } from './support/test.js';

/*
 * One life of a document, read the same everywhere (DESIGN §5). A seller's sale to a business goes through
 * the approved platform (the built-in test platform, over real HTTP): quote → deposit → final invoice →
 * refused by the buyer (210) → credit note → corrected invoice → partly paid → payment sent by the buyer
 * (211, declared) → confirmed → paid. At each step the seller's list row, badge and filters, the detail,
 * the reminders and the dashboard say the same; the buyer's inbox says it on the other side. Then a
 * particulier reads an invoice through its signed link (the seller sees « Vue »), and its seller closes
 * the account (« Compte clôturé »). Steps a user makes elsewhere in the suite are driven by the API here;
 * what is checked is what each screen shows.
 */

type Headers = Record<string, string>;
type LifeAnswer = { _id: string; numero: string; cycle: { etat: string; libelle: string } };

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function lifeOf(request: APIRequestContext, headers: Headers, id: string): Promise<string> {
  const res = await request.get(`/api/factures/${id}`, { headers });
  return ((await res.json()) as LifeAnswer).cycle.etat;
}

/** The buyer's copy of `numero` in « Factures fournisseurs », once the platform delivered it. */
async function receivedCopy(request: APIRequestContext, headers: Headers, numero: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/factures-fournisseurs', { headers });
        const body = (await res.json()) as { facturesFournisseurs: { _id: string; numero: string }[] };
        const items = body.facturesFournisseurs;
        id = items.find((item) => item.numero === numero)?._id ?? '';
        return id;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return id;
}

async function sendViaPlatform(request: APIRequestContext, headers: Headers, id: string): Promise<void> {
  const sent = await request.post(`/api/factures/${id}/plateforme-agreee`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
}

function rowOf(page: Page, numero: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: numero, exact: true }) });
}

/** The invoice list under `filter` (or all): the row of `numero` reads `label`, or is absent. */
async function expectInList(page: Page, numero: string, label: string | null, filter = '') {
  await page.goto(`/factures${filter ? `?status=${filter}` : ''}`);
  const row = rowOf(page, numero);
  if (label === null) {
    await expect(page.getByRole('navigation', { name: 'Filtrer par état' })).toBeVisible();
    await expect(row).toHaveCount(0);
    return;
  }
  await expect(row.getByTestId('life-badge')).toHaveText(label);
}

test('a sale through the approved platform reads the same life in every view, on both sides', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const seller = await confirmedProfessional(request, 'vie-vendeur');
  const buyer = await confirmedProfessional(request, 'vie-acheteur');
  const sellerH = await apiHeaders(request, seller.email, seller.password);
  const buyerH = await apiHeaders(request, buyer.email, buyer.password);

  const client = await created<{ _id: string }>(
    await request.post('/api/clients', {
      headers: sellerH,
      data: {
        nom: 'Atelier Roux SARL',
        email: buyer.email,
        siret: buyer.siret,
        type: 'entreprise',
        adresse: CLIENT_ADDRESS,
      },
    }),
  );
  // Quote → accepted → a 30 % deposit, then the final invoice (the deposit deducted), both via the platform.
  const quote = await created<{ _id: string }>(
    await request.post('/api/devis', {
      headers: sellerH,
      data: {
        client: client._id,
        objet: 'Refonte du site',
        lignes: [{ description: 'Refonte complète', quantite: 1, prixUnitaire: 1000 }],
      },
    }),
  );
  const accepted = await request.put(`/api/devis/${quote._id}/statut-emetteur`, {
    headers: sellerH,
    data: { statutEmetteur: 'acceptee' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const deposit = await created<LifeAnswer>(
    await request.post(`/api/devis/${quote._id}/acompte`, { headers: sellerH, data: { pourcentage: 30 } }),
  );
  await sendViaPlatform(request, sellerH, deposit._id);
  const final = await created<LifeAnswer>(
    await request.post(`/api/devis/${quote._id}/facturer`, { headers: sellerH }),
  );
  expect(final.cycle.etat).toBe('creee');
  await sendViaPlatform(request, sellerH, final._id);

  // The buyer refuses the final invoice in its inbox: 210 travels back to the seller.
  const received = await receivedCopy(request, buyerH, final.numero);
  const refused = await request.post(`/api/factures-fournisseurs/${received}/refus`, {
    headers: buyerH,
    data: { motifCode: 'DOUBLE_FACT', motif: 'Prestation déjà facturée par l’acompte' },
  });
  expect(refused.status(), await refused.text()).toBe(200);
  await expect.poll(() => lifeOf(request, sellerH, final._id), { timeout: 60_000 }).toBe('refusee');

  // The seller: « Refusée » in the list, under « Contestées », not under « Envoyées »; no « Payée »; no reminder.
  await signIn(page, seller.email, seller.password);
  await expectInList(page, final.numero, 'Refusée');
  await expectInList(page, final.numero, 'Refusée', 'contestee');
  await expect(
    page
      .getByRole('navigation', { name: 'Filtrer par état' })
      .getByRole('link', { name: /Contestées \(1\)/ }),
  ).toBeVisible();
  await expectInList(page, final.numero, null, 'envoyee');
  await expectInList(page, deposit.numero, 'Envoyée', 'envoyee');
  await page.goto(`/factures/${final._id}`);
  await expect(page.getByTestId('life-badge').first()).toHaveText('Refusée');
  await expectAccessible(page);
  const statuses = await request.get(`/api/factures/${final._id}/statuts`, { headers: sellerH });
  expect(JSON.stringify(await statuses.json())).not.toContain('payee');
  const reminder = await request.post(`/api/factures/${final._id}/relances`, { headers: sellerH });
  expect(reminder.status()).toBe(409);
  expect(((await reminder.json()) as { errorType: string }).errorType).toBe('invoice_not_remindable');

  // A credit note cancels it; a corrected invoice goes through the platform instead.
  await created(
    await request.post(`/api/factures/${final._id}/avoir`, {
      headers: sellerH,
      data: { motif: 'Facture refusée : remplacée par une facture corrigée' },
    }),
  );
  expect(await lifeOf(request, sellerH, final._id)).toBe('annulee');
  await expectInList(page, final.numero, 'Annulée', 'annulee');
  const corrected = await created<LifeAnswer>(
    await request.post('/api/factures', {
      headers: sellerH,
      data: {
        client: client._id,
        delaiPaiement: 30,
        objet: 'Refonte du site (facture corrigée)',
        lignes: [{ description: 'Refonte complète, solde', quantite: 1, prixUnitaire: 700 }],
      },
    }),
  );
  await sendViaPlatform(request, sellerH, corrected._id);
  const correctedCopy = await receivedCopy(request, buyerH, corrected.numero);
  const approved = await request.post(`/api/factures-fournisseurs/${correctedCopy}/approbation`, {
    headers: buyerH,
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // Partly paid: 200 € recorded by the seller.
  await created(
    await request.post(`/api/factures/${corrected._id}/paiements`, {
      headers: sellerH,
      data: { datePaiement: today(), montant: 200, methode: 'virement' },
    }),
  );
  await expectInList(page, corrected.numero, 'Partiellement payée');
  await expectInList(page, corrected.numero, 'Partiellement payée', 'partiellement_payee');

  // The buyer pays the rest (211 « Paiement transmis »): the seller reads « Paiement signalé ».
  const paid = await request.post(`/api/factures-fournisseurs/${correctedCopy}/paiement`, {
    headers: buyerH,
    data: { datePaiement: today(), montant: 500 },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect
    .poll(() => lifeOf(request, sellerH, corrected._id), { timeout: 60_000 })
    .toBe('paiement_signale');
  await expectInList(page, corrected.numero, 'Paiement signalé');

  // The seller confirms it on the detail: paid, in the list, the filter and the dashboard.
  await page.goto(`/factures/${corrected._id}`);
  const payments = page.getByRole('region', { name: 'Paiements' });
  await payments.getByRole('button', { name: /^Confirmer le paiement de 500,00/ }).click();
  await expect(page.getByTestId('life-badge').first()).toHaveText('Payée');
  await expectInList(page, corrected.numero, 'Payée', 'payee');
  await page.goto('/tableau-de-bord');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);

  // The buyer's side, at 375 px: the corrected invoice paid, the refused one refused.
  const buyerContext = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 375, height: 800 },
  });
  const buyerPage = await buyerContext.newPage();
  await signIn(buyerPage, buyer.email, buyer.password);
  await buyerPage.goto(`/factures-fournisseurs/${received}`);
  await expect(buyerPage.getByText('Refusée', { exact: true }).first()).toBeVisible();
  await expectAccessible(buyerPage);
  await buyerContext.close();

  // The seller's list at 375 px: the same words.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectInList(page, corrected.numero, 'Payée');
  await expectInList(page, final.numero, 'Annulée', 'annulee');
  await expectAccessible(page);
});

test('a particulier reads the invoice through its link, the seller sees « Vue », then the seller leaves', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const seller = await confirmedProfessional(request, 'vie-lien');
  const sellerH = await apiHeaders(request, seller.email, seller.password);
  const email = `particulier-vie-${Date.now()}@exemple.fr`;
  const client = await created<{ _id: string }>(
    await request.post('/api/clients', {
      headers: sellerH,
      data: { nom: 'Inès Durand', email, adresse: CLIENT_ADDRESS },
    }),
  );
  const invoice = await created<LifeAnswer>(
    await request.post('/api/factures', {
      headers: sellerH,
      data: {
        client: client._id,
        delaiPaiement: 30,
        lignes: [{ description: 'Cours particuliers', quantite: 4, prixUnitaire: 45 }],
      },
    }),
  );
  const sent = await request.post(`/api/factures/${invoice._id}/send-email`, {
    headers: sellerH,
    data: { to: email, subject: `Facture ${invoice.numero}`, message: 'Bonjour,' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(await lifeOf(request, sellerH, invoice._id)).toBe('envoyee');

  // The particulier opens the e-mailed link at 375 px, without an account.
  // The professional's own e-mail carries the signed link (« Voir en ligne »).
  const mail = await waitForMail(E2E_OUTBOX, email, invoice.numero, { timeoutMs: 30_000 });
  const token = new URL(linkIn(mail, '/facture-en-ligne/')).pathname.split('/').at(-1) ?? '';
  const particulier = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const reader = await particulier.newPage();
  await reader.goto(`/facture-en-ligne/${token}`);
  await expect(reader.getByText(invoice.numero).first()).toBeVisible();
  await expectAccessible(reader);

  // The seller: « Vue » in the list and on the detail.
  await signIn(page, seller.email, seller.password);
  await expectInList(page, invoice.numero, 'Vue');
  await page.goto(`/factures/${invoice._id}`);
  await expect(page.getByTestId('life-badge').first()).toHaveText('Vue');

  // The particulier accepts the offer (terms accepted): the invoice is in their account.
  const password = 'Clair-Obscur-2026!';
  const account = await reader.request.post(`/api/facture-en-ligne/${token}/compte`, {
    data: { prenom: 'Inès', nom: 'Durand', password, accepteConditions: true },
  });
  expect(account.status(), await account.text()).toBe(200);

  // The seller closes the account: the particulier reads « Compte clôturé » and cannot declare a payment.
  const closed = await request.delete('/api/users/me', {
    headers: sellerH,
    data: { password: seller.password },
  });
  expect(closed.status(), await closed.text()).toBeLessThan(300);
  await signIn(reader, email, password);
  await reader.goto(`/factures/${invoice._id}`);
  await expect(reader.getByText('Compte clôturé').first()).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Marquer comme payée' })).toHaveCount(0);
  await expectAccessible(reader);
  await particulier.close();
});
