import { publicPage, UPCOMING_FEATURE_PATHS, UPCOMING_FEATURES } from '@facturo/shared';
import { CONTACT_SENT_MESSAGE, WAITLIST_JOINED_MESSAGE } from '@facturo/shared/public-forms';
import type { Page } from '@playwright/test';
import { confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX } from './support/env.js';
import { waitForMail } from './support/outbox.js';
import { expect, test } from './support/test.js';

/** The server's default SUPPORT_EMAIL: the e2e launcher sets none. */
const SUPPORT_EMAIL = 'support@facturo.localhost';

/** Each public page (issue 7), its h1, and sentences only its real content has. */
const PAGES: { path: string; h1: string; content: string[] }[] = [
  {
    path: '/features',
    h1: 'Tout ce que fait Facturo aujourd’hui',
    content: ['FAC-AAAA-NNNN', 'TVA non applicable, art. 293 B du CGI', 'PDF Factur-X', 'Logo et couleurs'],
  },
  { path: '/contact', h1: 'Contactez-nous', content: ['sous deux jours ouvrés'] },
  {
    path: '/privacy',
    h1: 'Politique de confidentialité',
    content: ['article L123-22 du Code de commerce', 'Réclamation auprès de la CNIL', 'aucun cookie'],
  },
  {
    path: '/terms',
    h1: "Conditions générales d'utilisation",
    content: ['Dernière mise à jour : 21 novembre 2026', '9,99 € par mois', '19,99 € par mois', '5 factures'],
  },
  {
    path: '/devenir-client',
    h1: 'Commencer avec Facturo',
    content: ['Créez votre compte avec votre SIRET', '5 à 30 minutes', 'Vous recevez des factures'],
  },
  {
    path: '/blog',
    h1: 'Bien facturer quand on est indépendant',
    content: ['trois fois le taux d’intérêt légal', '45 jours fin de mois'],
  },
  { path: '/mentions-legales', h1: 'Mentions légales', content: ['Éditeur du site', 'Hébergement'] },
  {
    path: '/payment-cards',
    h1: 'Cartes de paiement professionnelles',
    content: ['Être prévenu du lancement'],
  },
  {
    path: '/invoices',
    h1: 'Facturation électronique 2026–2027',
    content: ['Déjà dans Facturo', '1er septembre 2027', 'plateforme agréée'],
  },
  { path: '/expenses', h1: 'Dépenses et notes de frais', content: ['Être prévenu du lancement'] },
  { path: '/insurance', h1: 'Assurance pour indépendants', content: ['Être prévenu du lancement'] },
];

for (const { path, h1, content } of PAGES) {
  test(`${path} shows its own content, title and description, with no serious accessibility issue`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const main = page.getByRole('main');
    for (const text of content) await expect(main.getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(publicPage(path).title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      publicPage(path).description,
    );
    await expectAccessible(page);
  });
}

test('the upcoming features are marked « Bientôt », on their pages and on /features', async ({ page }) => {
  for (const feature of UPCOMING_FEATURES) {
    await page.goto(UPCOMING_FEATURE_PATHS[feature]);
    await expect(page.getByRole('main').getByText('Bientôt', { exact: true })).toBeVisible();
  }
  await page.goto('/features');
  const soon = page.getByRole('region', { name: 'Bientôt dans Facturo' });
  for (const title of ['Logo et couleurs', 'Cartes de paiement', 'Assurance']) {
    await expect(soon.getByRole('listitem').filter({ hasText: title }).getByText('Bientôt')).toBeVisible();
  }
  // What is built is not announced as upcoming (issue 15: quotes to invoices is built).
  const available = page.getByRole('region', { name: 'Disponible dès maintenant' });
  await expect(available.getByText('Bientôt', { exact: true })).toHaveCount(0);
  await expect(available.getByRole('listitem').filter({ hasText: 'Des devis aux factures' })).toBeVisible();
  await expect(soon.getByText('Des devis aux factures')).toHaveCount(0);
  await soon.getByRole('link', { name: /En savoir plus : Plateforme agréée/ }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

test('the blog holds four dated articles, each with its own heading', async ({ page }) => {
  await page.goto('/blog');
  const articles = page.getByRole('article');
  await expect(articles).toHaveCount(4);
  for (const article of await articles.all()) {
    await expect(article.getByRole('heading', { level: 2 })).toHaveCount(1);
    await expect(article.locator('time[datetime]')).toHaveText(/^\d{1,2} \p{L}+ \d{4}$/u);
    expect(await article.locator('p').count()).toBeGreaterThanOrEqual(2);
  }
});

function contactForm(page: Page) {
  return page.getByRole('region', { name: 'Écrire à l’équipe' });
}

test('contact: an empty form shows French errors and sends nothing; a valid one reaches support', async ({
  page,
}) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/contact')) posts.push(request.url());
  });
  await page.goto('/contact');
  const form = contactForm(page);
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(form.getByText('Votre nom est requis')).toBeVisible();
  await expect(form.getByText('Adresse email requise')).toBeVisible();
  await expect(form.getByLabel('Sujet')).toHaveAccessibleDescription('Choisissez un sujet');
  await expect(form.getByText('Votre message doit contenir au moins 10 caractères')).toBeVisible();
  await expect(form.getByLabel('Nom')).toBeFocused();
  await expect(form.getByLabel('Nom')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Nom')).toHaveAccessibleDescription('Votre nom est requis');
  await expectAccessible(page);

  const nom = `Léa Martin ${Date.now()}`;
  const email = newEmail('contact');
  const message = 'Bonjour, comment ajouter mon numéro de TVA intracommunautaire sur mes factures ?';
  await form.getByLabel('Nom').fill(nom);
  await form.getByLabel('Adresse email').fill(email);
  await form.getByLabel('Sujet').selectOption({ label: 'Question sur le produit' });
  await form.getByLabel('Message').fill(message);
  await expect(form.getByText(`${message.length} / 5 000 caractères`)).toBeVisible();
  expect(posts).toHaveLength(0);

  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Message envoyé' });
  await expect(confirmation).toContainText(CONTACT_SENT_MESSAGE);
  await expect(confirmation).toBeFocused();
  expect(posts).toHaveLength(1);
  await expectAccessible(page);

  const mail = await waitForMail(E2E_OUTBOX, SUPPORT_EMAIL, `[Contact] Question sur le produit — ${nom}`);
  expect(mail.text).toContain(message);
  expect(mail.text).toContain(email);
  expect(mail.replyTo).toContain(email);

  await confirmation.getByRole('button', { name: 'Envoyer un autre message' }).click();
  await expect(form.getByLabel('Nom')).toHaveValue('');
  await expect(form.getByLabel('Nom')).toBeFocused();
});

test('contact: the server’s refusal is shown, and a pending send cannot be doubled', async ({ page }) => {
  let calls = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A rate limit cannot be reached in a test without flooding the server: its answer is played here.
  await page.route('**/api/contact', async (route) => {
    calls += 1;
    await released;
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        errorType: 'rate_limited',
        message: 'Trop de messages envoyés. Réessayez dans une heure.',
      }),
    });
  });
  await page.goto('/contact');
  const form = contactForm(page);
  await form.getByLabel('Nom').fill('Léa Martin');
  await form.getByLabel('Adresse email').fill(newEmail('contact-limite'));
  await form.getByLabel('Sujet').selectOption({ label: 'Autre' });
  await form.getByLabel('Message').fill('Un message assez long pour être envoyé.');
  const submit = form.getByRole('button', { name: /Envoyer le message|Envoi en cours/ });
  await submit.click();
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveText('Envoi en cours…');
  // The button is disabled, but a form can still be submitted by script or by a quick second Enter.
  await form.locator('form').evaluate((element: HTMLFormElement) => element.requestSubmit());
  release();
  await expect(form.getByRole('alert')).toHaveText('Trop de messages envoyés. Réessayez dans une heure.');
  expect(calls).toBe(1);
  await expect(form.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  await expectAccessible(page);
});

for (const feature of UPCOMING_FEATURES) {
  const path = UPCOMING_FEATURE_PATHS[feature];
  test(`waitlist on ${path}: a wrong address is refused, a right one is listed once`, async ({ page }) => {
    await page.goto(path);
    const waitlist = page.getByRole('region', { name: 'Être prévenu du lancement' });
    await waitlist.getByLabel('Adresse email').fill('pas-une-adresse');
    await waitlist.getByRole('button', { name: 'Me prévenir' }).click();
    await expect(waitlist.getByText('Adresse email invalide')).toBeVisible();
    await expect(waitlist.getByLabel('Adresse email')).toBeFocused();
    await expectAccessible(page);

    const email = newEmail(`attente-${feature}`);
    for (const expectedStatus of [201, 200]) {
      await page.goto(path);
      await waitlist.getByLabel('Adresse email').fill(email);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST'),
        waitlist.getByRole('button', { name: 'Me prévenir' }).click(),
      ]);
      // 201 the first time; 200 the second: the address is already on this feature's list.
      expect(response.status()).toBe(expectedStatus);
      expect(response.request().postDataJSON()).toEqual({ email, fonctionnalite: feature });
      const confirmation = waitlist.getByRole('status');
      await expect(confirmation).toContainText(WAITLIST_JOINED_MESSAGE);
      await expect(confirmation).toBeFocused();
    }
    await expectAccessible(page);
  });
}

test('/mentions-legales: the site’s notice signed out, the user’s settings signed in', async ({
  page,
  request,
}) => {
  await page.goto('/mentions-legales');
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Hébergement/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mon entreprise', exact: true })).toHaveCount(0);

  // Signed in, a professional gets the profile there (issue 12): its sections, mentions included.
  const account = await confirmedProfessional(request, 'mentions-site');
  await signIn(page, account.email, account.password);
  await page.goto('/mentions-legales');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mon entreprise', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mentions légales', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Hébergement/ })).toHaveCount(0);
});
