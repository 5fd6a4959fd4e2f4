import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * Credit notes (issue 15), from the issuer's « Émettre un avoir » to the recipient's received list:
 * a partial credit on one invoice, a full one on another, the type filter, negative amounts, « Annulée
 * par avoir » on both sides and the credit note's PDF. The invoices are made and sent on the platform
 * through the API: the wizard has its own journey.
 */

function parisToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}
const today = parisToday();
const year = today.slice(0, 4);
const frenchToday = today.split('-').reverse().join('/');
const fac = (n: number) => `FAC-${year}-${String(n).padStart(4, '0')}`;
const av = (n: number) => `AV-${year}-${String(n).padStart(4, '0')}`;
/** Intl writes amounts with no-break spaces; \s matches them. A minus is written as printed: U+2212. */
const euros = (text: string) => new RegExp(text.replace(/ /g, '\\s'));
const exactly = (text: string) => new RegExp(`^${text.replace(/ /g, '\\s')}$`);

function rowOf(page: Page, number: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: number, exact: true }) });
}

/** Two invoices of 300 € (franchise: HT = TTC) to `email`, both sent on the platform. */
async function twoSentInvoices(
  request: APIRequestContext,
  issuer: { email: string; password: string },
  email: string,
): Promise<void> {
  const headers = await apiHeaders(request, issuer.email, issuer.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email, adresse: CLIENT_ADDRESS },
  });
  expect(client.status()).toBe(201);
  const clientId: string = (await client.json())._id;
  for (const objet of ['Refonte du site vitrine', 'Identité visuelle']) {
    const created = await request.post('/api/factures', {
      headers,
      data: {
        client: clientId,
        delaiPaiement: 30,
        objet,
        lignes: [
          { description: 'Maquettes', quantite: 2, prixUnitaire: 100 },
          { description: 'Intégration', quantite: 1, prixUnitaire: 100 },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const sent = await request.post(`/api/factures/${(await created.json())._id}/send-internal`, { headers });
    expect(sent.status(), await sent.text()).toBe(200);
  }
}

async function openCreditDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Émettre un avoir' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the issuer credits an invoice in part and another in full; both sides see the credit notes', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow();
  const issuer = await confirmedProfessional(request, 'avoirs');
  const recipient = await confirmedProfessional(request, 'client-avoirs');
  await twoSentInvoices(request, issuer, recipient.email);

  await signIn(page, issuer.email, issuer.password);

  // --- A sent invoice is frozen: its note offers the credit note.
  await page.getByRole('link', { name: fac(1), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Facture ${fac(1)}`);
  await expect(page.getByText('Pour la corriger, émettez un avoir.')).toBeVisible();
  let dialog = await openCreditDialog(page);
  await expect(dialog.getByRole('radio', { name: 'Avoir total' })).toBeChecked();
  await expectAccessible(page);

  // --- Partial: one line, a smaller quantity; the reason is required.
  await dialog.getByRole('radio', { name: 'Avoir partiel' }).check();
  await dialog.getByRole('checkbox', { name: 'Intégration' }).uncheck();
  await dialog.getByLabel('Quantité — Maquettes').fill('1');
  await expect(dialog.getByText('Total de l’avoir')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await expect(dialog.getByText('Indiquez le motif de l’avoir.')).toBeVisible();
  await dialog.getByLabel('Motif').fill('Une maquette non livrée');
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await expect(dialog).toContainText(`Émettre un avoir de 100,00 € sur la facture ${fac(1)} ?`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirmer l’avoir' }).click();

  // --- The new credit note: its page, titled Avoir, pointing at the invoice with the reason.
  await expectToast(page, `Avoir ${av(1)} émis`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Avoir ${av(1)}`);
  const sheet = page.getByRole('article', { name: `Avoir n° ${av(1)}` });
  await expect(sheet).toContainText(`Avoir sur la facture ${fac(1)} du ${frenchToday}`);
  await expect(sheet).toContainText('Motif : Une maquette non livrée');
  await expect(
    page.getByText('Un avoir est définitif : il ne peut être ni modifié ni supprimé.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Modifier' })).toHaveCount(0);
  await expectAccessible(page);

  // --- Its PDF, under its own number.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le PDF', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${av(1)}.pdf`);
  const saved = testInfo.outputPath(`${av(1)}.pdf`);
  await file.saveAs(saved);
  expect((await readFile(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // --- The invoice lists it; a full credit is no longer offered, and more than what is left is refused.
  const related = page.getByRole('region', { name: 'Documents liés' });
  await related.getByRole('link', { name: fac(1) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Facture ${fac(1)}`);
  const credits = page.getByRole('region', { name: 'Documents liés' });
  await expect(credits.getByRole('listitem').filter({ hasText: av(1) })).toContainText(
    euros('\u2212100,00 €'),
  );
  await expect(credits).toContainText(euros('Montant crédité : 100,00 € sur 300,00 €'));
  dialog = await openCreditDialog(page);
  await expect(dialog.getByRole('radio', { name: 'Avoir total' })).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: 'Avoir partiel' })).toBeChecked();
  await dialog.getByLabel('Motif').fill('Geste commercial');
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Le total des avoirs ne peut pas dépasser le montant de la facture.',
  );
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();

  // --- Full credit of the second invoice (the default): it reads « Annulée par avoir ».
  await page.goto('/factures');
  await page.getByRole('link', { name: fac(2), exact: true }).click();
  dialog = await openCreditDialog(page);
  await dialog.getByLabel('Motif').fill('Commande annulée par le client');
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await expect(dialog).toContainText(`Émettre un avoir de 300,00 € sur la facture ${fac(2)} ?`);
  await dialog.getByRole('button', { name: 'Confirmer l’avoir' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Avoir ${av(2)}`);
  await page
    .getByRole('region', { name: 'Documents liés' })
    .getByRole('link', { name: fac(2) })
    .click();
  await expect(page.getByText(`Annulée par avoir ${av(2)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Émettre un avoir' })).toHaveCount(0);
  await expect(page.getByText('Facture entièrement créditée par avoir')).toBeVisible();
  await expectAccessible(page);

  // --- The list: credit notes badged and negative, the total counts them so; the type filter keeps the URL.
  await page.goto('/factures');
  await expect(rowOf(page, av(1))).toContainText('Avoir');
  await expect(rowOf(page, av(1))).toContainText(euros('\u2212100,00 €'));
  await expect(rowOf(page, av(2))).toContainText(euros('\u2212300,00 €'));
  await expect(rowOf(page, fac(1))).toContainText(euros('300,00 €'));
  await expect(rowOf(page, fac(1))).not.toContainText('\u2212');
  await expect(page.getByTestId('list-total')).toHaveText(exactly('200,00 €'));
  const types = page.getByRole('navigation', { name: 'Type de document' });
  await types.getByRole('link', { name: 'Avoirs' }).click();
  await expect(page).toHaveURL(/[?&]type=avoir/);
  await expect(types.getByRole('link', { name: 'Avoirs' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('link', { name: /^(FAC|AV)-/ })).toHaveText([av(2), av(1)]);
  await expect(page.getByTestId('list-total')).toHaveText(exactly('\u2212400,00 €'));
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('link', { name: /^(FAC|AV)-/ })).toHaveText([av(2), av(1)]);
  await types.getByRole('link', { name: 'Factures' }).click();
  await expect(page).toHaveURL(/[?&]type=facture/);
  await expect(page.getByRole('link', { name: /^(FAC|AV)-/ })).toHaveText([fac(2), fac(1)]);
  await types.getByRole('link', { name: 'Acomptes' }).click();
  await expect(page.getByText('Aucune facture trouvée')).toBeVisible();
  await types.getByRole('link', { name: 'Tous' }).click();
  await expect(page).not.toHaveURL(/type=/);
  await expect(page.getByRole('link', { name: /^(FAC|AV)-/ })).toHaveCount(4);

  // --- The recipient: both credit notes arrived; the fully credited invoice reads « Annulée par avoir ».
  const recipientContext = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const other = await recipientContext.newPage();
  await signIn(other, recipient.email, recipient.password);
  await other.goto('/factures?onglet=reception');
  await expect(rowOf(other, av(1))).toContainText(euros('\u2212100,00 €'));
  await expect(rowOf(other, av(2))).toContainText(euros('\u2212300,00 €'));
  await other
    .getByRole('navigation', { name: 'Type de document' })
    .getByRole('link', { name: 'Avoirs' })
    .click();
  await expect(other).toHaveURL(/onglet=reception/);
  await expect(other.getByRole('link', { name: /^(FAC|AV)-/ })).toHaveText([av(2), av(1)]);
  await other.getByRole('link', { name: av(1), exact: true }).click();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Avoir ${av(1)}`);
  await expect(other.getByRole('article', { name: `Avoir n° ${av(1)}` })).toContainText(
    `Avoir sur la facture ${fac(1)} du ${frenchToday}`,
  );
  await expect(other.getByRole('button', { name: 'Émettre un avoir' })).toHaveCount(0);
  await expectAccessible(other);
  await other.goto('/factures?onglet=reception');
  await other.getByRole('link', { name: fac(2), exact: true }).click();
  await expect(other.getByText(`Annulée par avoir ${av(2)}`)).toBeVisible();
  await expectAccessible(other);
  await recipientContext.close();
});

/**
 * A quote of 300 € accepted off the platform, a 30 % deposit on it (sent, then 30 € of it credited),
 * then its final invoice (API).
 */
async function quoteWithDepositAndFinalInvoice(
  request: APIRequestContext,
  issuer: { email: string; password: string },
): Promise<{ quote: string; deposit: string; final: string }> {
  const headers = await apiHeaders(request, issuer.email, issuer.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email: newEmail('atelier'), adresse: CLIENT_ADDRESS },
  });
  expect(client.status()).toBe(201);
  const quote = await request.post('/api/devis', {
    headers,
    data: {
      client: (await client.json())._id,
      objet: 'Refonte du site vitrine',
      lignes: [{ description: 'Maquettes', quantite: 3, prixUnitaire: 100 }],
    },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const quoteId: string = (await quote.json())._id;
  const accepted = await request.put(`/api/devis/${quoteId}/statut-emetteur`, {
    headers,
    data: { statutEmetteur: 'acceptee' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const deposit = await request.post(`/api/devis/${quoteId}/acompte`, { headers, data: { pourcentage: 30 } });
  expect(deposit.status(), await deposit.text()).toBe(201);
  // The deposit goes out, then 30 € of it is credited: the final invoice deducts it net (60 €).
  const depositId: string = (await deposit.json())._id;
  const sent = await request.post(`/api/factures/${depositId}/send-internal`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const credit = await request.post(`/api/factures/${depositId}/avoir`, {
    headers,
    data: { motif: 'Acompte revu', lignes: [{ description: 'Acompte revu', quantite: 1, prixUnitaire: 30 }] },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  const final = await request.post(`/api/devis/${quoteId}/facturer`, { headers });
  expect(final.status(), await final.text()).toBe(201);
  return {
    quote: (await quote.json()).numero,
    deposit: depositId,
    final: (await final.json())._id,
  };
}

test('a deposit, partly credited, and the final invoice that deducts it: titles, badges, links, « Net à payer »', async ({
  page,
  request,
}) => {
  const issuer = await confirmedProfessional(request, 'acomptes');
  const { quote, deposit } = await quoteWithDepositAndFinalInvoice(request, issuer);
  await signIn(page, issuer.email, issuer.password);

  // --- The list: the deposit is badged, the final invoice says what is left to pay; the sum counts the deposit once.
  await expect(rowOf(page, fac(1))).toContainText('Acompte');
  await expect(rowOf(page, fac(1))).toContainText(euros('90,00 €'));
  await expect(rowOf(page, fac(2))).toContainText(euros('300,00 €'));
  await expect(rowOf(page, fac(2))).toContainText(euros('Net à payer : 240,00 €'));
  await expect(rowOf(page, av(1))).toContainText(euros('\u221230,00 €'));
  // 90 − 30 + (300 − 60).
  await expect(page.getByTestId('list-total')).toHaveText(exactly('300,00 €'));
  await page
    .getByRole('navigation', { name: 'Type de document' })
    .getByRole('link', { name: 'Acomptes' })
    .click();
  await expect(page.getByRole('link', { name: /^FAC-/ })).toHaveText([fac(1)]);
  await expectAccessible(page);

  // --- The final invoice: its quote, the deposit deducted, « Net à payer ».
  await page.goto('/factures');
  await page.getByRole('link', { name: fac(2), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Facture ${fac(2)}`);
  const related = page.getByRole('region', { name: 'Documents liés' });
  await expect(related.getByRole('link', { name: quote })).toHaveAttribute('href', /^\/devis\//);
  await expect(related.getByRole('listitem').filter({ hasText: fac(1) })).toContainText(euros('90,00 €'));
  const sheet = page.getByRole('article', { name: `Facture n° ${fac(2)}` });
  await expect(sheet).toContainText(`Devis de référence : ${quote}`);
  await expect(sheet).toContainText(euros(`Acompte ${fac(1)} du ${frenchToday}\u221290,00 €`));
  await expect(sheet).toContainText(euros('Avoirs sur acomptes\\+30,00 €'));
  await expect(sheet).toContainText(euros('Net à payer240,00 €'));
  await expectAccessible(page);

  // --- The deposit: titled as such, tied to its quote, and « Dupliquer » opens the prefilled wizard's address.
  await related.getByRole('link', { name: fac(1) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Facture d’acompte ${fac(1)}`);
  await expect(page.getByRole('article', { name: `Facture d’acompte n° ${fac(1)}` })).toContainText(
    `Devis de référence : ${quote}`,
  );
  await expect(page.getByRole('link', { name: 'Dupliquer' })).toHaveAttribute(
    'href',
    `/factures/create?depuis=${deposit}`,
  );
  await expectAccessible(page);
});
