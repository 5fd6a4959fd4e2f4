import { INVITATION_MESSAGES } from '@facturo/shared';
import type { Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, PASSWORD } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX, SEEDED } from './support/env.js';
import { linkIn, waitForMail } from './support/outbox.js';
import { issueInvoiceTo, issueQuoteTo } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';

/*
 * Issue 17, « A smooth first day »: a particulier the older flow invited (an account without a password,
 * created before the signed links) receives a document on the platform, opens
 * /invitation from the e-mail, reads who sent which document, gives first and last names and a password,
 * and lands signed in on the document. A used or unknown link says so, with a way forward.
 */

async function fillInvitation(page: Page, names: { prenom: string; nom: string }) {
  await page.getByLabel('Prénom').fill(names.prenom);
  await page.getByLabel('Nom', { exact: true }).fill(names.nom);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
}

const journeys = [
  { width: 1280, height: 900, kind: 'facture' as const },
  { width: 375, height: 740, kind: 'devis' as const },
];

for (const { width, height, kind } of journeys) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`an invited particulier reads who sent the ${kind}, chooses names and password, and lands on it`, async ({
      page,
      request,
    }) => {
      const issuer = await confirmedProfessional(request, 'emetteur');
      // A document to a new address creates no account (it carries a signed link, invoice-link.spec.ts,
      // quote-link.spec.ts): the invitation page serves the accounts the older flow left without a password,
      // as the launcher seeds them.
      const { email } = kind === 'facture' ? SEEDED.invitedByInvoice : SEEDED.invitedByQuote;
      const document =
        kind === 'facture'
          ? await issueInvoiceTo(request, issuer, email)
          : await issueQuoteTo(request, issuer, email);
      const mail = await waitForMail(
        E2E_OUTBOX,
        email,
        `Vous avez reçu ${kind === 'facture' ? 'la facture' : 'le devis'}`,
      );
      const link = linkIn(mail, '/invitation?token=');

      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Votre invitation' })).toBeVisible();
      const the = kind === 'facture' ? 'la facture' : 'le devis';
      await expect(
        page.getByText(`Camille Roux vous a envoyé ${the} ${document.numero} sur Facturo.`),
      ).toBeVisible();
      await expect(page.getByText(`Montant TTC : ${kind === 'facture' ? '300,00' : '250,00'}`)).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      // The shared password checklist, live.
      await expect(page.getByText('Votre mot de passe doit contenir :')).toBeVisible();
      const submit = page.getByRole('button', { name: `Créer mon espace et voir ${the}` });
      await expect(submit).toBeDisabled();
      await expectAccessible(page);

      await fillInvitation(page, { prenom: 'Inès', nom: 'Durand-Lefèvre' });
      await submit.click();
      const path = kind === 'facture' ? 'factures' : 'devis';
      await expect(page).toHaveURL(new RegExp(`/${path}/${document._id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `${kind === 'facture' ? 'Facture' : 'Devis'} ${document.numero}`,
      );
      await expectAccessible(page);

      // First and last names are stored apart, and the password is the account's.
      const headers = await apiHeaders(request, email, PASSWORD);
      const me = await request.get('/api/users/me', { headers });
      expect(await me.json()).toMatchObject({ prenom: 'Inès', nom: 'Durand-Lefèvre', role: 'particulier' });

      // The same link again, signed out: used, so sign in.
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await page.goto(link);
      await expect(page.getByText(INVITATION_MESSAGES.used)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
      await expectAccessible(page);
    });

    test('an unknown or missing invitation link says so and offers a new link or signing in', async ({
      page,
    }) => {
      for (const url of ['/invitation?token=inconnu', '/invitation']) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1, name: 'Votre invitation' })).toBeVisible();
        await expect(page.getByText(INVITATION_MESSAGES.unknown)).toBeVisible();
        await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
          'href',
          '/reset-password',
        );
        await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
      }
      await expectAccessible(page);
    });
  });
}
