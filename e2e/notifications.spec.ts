import type { Browser, Locator, Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, signIn, updateProfile } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX } from './support/env.js';
import { waitForMail } from './support/outbox.js';
import { issueQuoteTo } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * Issue 17's notification centre in the browser: a quote accepted by its recipient in a second browser
 * reaches the issuer's bell live (no reload), the panel lists it, Escape closes it with the focus back on
 * the bell, opening it leads to the quote and reads it; the e-mail that matters is sent; a choice of the
 * profile is saved, and its toast does not cover the page's title. At 1280 and 375 px, with axe.
 */

const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 900 },
  { name: '375 px', width: 375, height: 740 },
] as const;

async function openContext(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  return context.newPage();
}

/** The bell of the layout on screen (the sidebar's, or the mobile bar's). */
const bell = (page: Page): Locator => page.getByRole('button', { name: /^Notifications/ });

/** Do two boxes share any pixel? */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test('a quote accepted in another browser reaches the bell live, and leads to the quote', async ({
      browser,
      request,
    }) => {
      test.slow();
      const issuer = await confirmedProfessional(request, 'notif-emetteur');
      const client = await confirmedProfessional(request, 'notif-client');
      await updateProfile(request, await apiHeaders(request, client.email, client.password), {
        prenom: 'Hugo',
        nom: 'Lenoir',
      });
      const quote = await issueQuoteTo(request, issuer, client.email);
      const sentence = `Hugo Lenoir a accepté le devis ${quote.numero}`;

      // --- The issuer is on their invoices, nothing unread.
      const page = await openContext(browser, viewport);
      await signIn(page, issuer.email, issuer.password);
      await expect(bell(page)).toHaveAccessibleName('Notifications');
      await bell(page).click();
      const panel = page.getByRole('region', { name: 'Notifications' });
      await expect(panel).toContainText('Aucune notification pour le moment.');
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      // --- The client accepts in their own browser.
      const other = await openContext(browser, viewport);
      await signIn(other, client.email, client.password);
      await other.goto(`/devis/${quote._id}`);
      await other.getByRole('button', { name: 'Accepter' }).click();
      const answer = other.getByRole('dialog', { name: `Accepter le devis ${quote.numero} ?` });
      await answer.getByRole('button', { name: 'Confirmer' }).click();
      await expect(answer).toBeHidden();

      // --- The issuer's bell counts it without a reload; the panel lists it.
      await expect(bell(page)).toHaveAccessibleName('Notifications (1 notification non lue)');
      await expect(page.getByTestId('notification-count').filter({ visible: true })).toHaveText('1');
      await expectAccessible(page);
      await bell(page).click();
      const item = panel.getByRole('link', { name: new RegExp(`${sentence}.*\\(non lue\\)`) });
      await expect(item).toBeVisible();
      await expectAccessible(page);
      // Escape closes the panel and gives the focus back to the bell.
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(bell(page)).toBeFocused();

      // --- Opening it leads to the quote and reads it.
      await bell(page).click();
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/devis/${quote._id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Devis ${quote.numero}`);
      await expect(bell(page)).toHaveAccessibleName('Notifications');
      await bell(page).click();
      await expect(panel.getByRole('link', { name: sentence })).toBeVisible();
      await expect(panel.getByText('(non lue)')).toHaveCount(0);
      await page.keyboard.press('Escape');

      // --- Accepted is one of the kinds that matter: it was e-mailed too.
      const mail = await waitForMail(E2E_OUTBOX, issuer.email, 'a accepté le devis');
      expect(mail.subject).toBe(`${sentence} — Facturo`);
      await other.context().close();
    });

    test('a choice of the profile is saved, and its toast leaves the page title uncovered', async ({
      browser,
      request,
    }) => {
      const account = await confirmedProfessional(request, 'notif-choix');
      const page = await openContext(browser, viewport);
      await signIn(page, account.email, account.password);
      await page.goto('/profil#alertes');
      const reminders = page.getByRole('group', { name: 'Relance envoyée' });
      const inApp = reminders.getByRole('checkbox', { name: "Dans l'application" });
      await expect(inApp).toBeChecked();
      // Only the kinds that matter have an e-mail.
      await expect(reminders.getByRole('checkbox', { name: 'Par e-mail' })).toHaveCount(0);
      await expect(
        page.getByRole('group', { name: 'Devis accepté' }).getByRole('checkbox', { name: 'Par e-mail' }),
      ).toBeChecked();
      await inApp.uncheck();
      await expectToast(page, 'Préférence enregistrée');

      // The title, at the top of the page, and the toast never meet.
      await page.evaluate(() => window.scrollTo(0, 0));
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toBeInViewport();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Préférence enregistrée' }).first();
      const [titleBox, toastBox] = await Promise.all([title.boundingBox(), toast.boundingBox()]);
      expect(titleBox).not.toBeNull();
      expect(toastBox).not.toBeNull();
      if (titleBox && toastBox)
        expect(overlap(titleBox, toastBox), JSON.stringify({ titleBox, toastBox })).toBe(false);
      await expectAccessible(page);

      await page.reload();
      await expect(
        page
          .getByRole('group', { name: 'Relance envoyée' })
          .getByRole('checkbox', { name: "Dans l'application" }),
      ).not.toBeChecked();
    });
  });
}
