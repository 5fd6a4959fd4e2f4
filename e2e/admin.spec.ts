import { readFile } from 'node:fs/promises';
import { ADMIN_MESSAGES } from '@facturo/shared';
import type { Page } from '@playwright/test';
import { confirmedProfessional, signIn } from './support/accounts.js';
import { adminHeaders, adminSubscription, adminUserId, confirmIn } from './support/admin.js';
import { expectAccessible } from './support/axe.js';
import { SEEDED, SEEDED_PASSWORD } from './support/env.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * The back-office of issue 13 against the real server: statistics, live metrics, the user list and
 * every action of the user dialog, at 1280 px (table) and 375 px (cards), with axe at each stage.
 */

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function openAdmin(page: Page) {
  await signIn(page, SEEDED.admin.email, SEEDED_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
}

/** Searches the address and waits until its row (or card) is there. */
async function search(page: Page, email: string) {
  await section(page, 'Utilisateurs').getByRole('searchbox', { name: 'Recherche' }).fill(email);
}

const userDialog = (page: Page) => page.getByRole('dialog', { name: 'Camille Roux' });

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an admin reads the statistics and live metrics, then manages an account from its dialog', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const target = await confirmedProfessional(request, 'admin-cible');
    const targetId = await adminUserId(request, target.email);
    await openAdmin(page);

    // --- Statistics, trials and the live metrics (read again every few seconds).
    await expect(section(page, 'Statistiques globales').getByText('Inscriptions')).toBeVisible();
    await expect(section(page, 'Essais').getByText('Taux de conversion')).toBeVisible();
    const metrics = section(page, 'Métriques en direct');
    await expect(metrics.getByText('Requêtes par minute')).toBeVisible();
    await expect(
      metrics.getByRole('table', { name: 'Instances du serveur' }).getByRole('row'),
    ).not.toHaveCount(0, { timeout: 30_000 });
    const readAt = () => metrics.locator('time').getAttribute('datetime');
    const firstReading = await readAt();
    await expect.poll(readAt, { timeout: 20_000 }).not.toBe(firstReading);

    // --- The service's activity: 30 days, or 12 months, with the figures as a table.
    const activity = section(page, 'Activité');
    await expect(activity.getByRole('button', { name: '30 jours' })).toHaveAttribute('aria-pressed', 'true');
    await activity.getByRole('button', { name: '12 mois' }).click();
    await expect(activity.getByRole('button', { name: '12 mois' })).toHaveAttribute('aria-pressed', 'true');
    await activity.getByText('Voir les chiffres').click();
    await expect(
      activity.getByRole('table', { name: 'Activité par mois, 12 derniers mois' }).getByRole('row'),
    ).toHaveCount(13);
    await expectAccessible(page);

    // --- The table (desktop), searched by address.
    const users = section(page, 'Utilisateurs');
    await search(page, target.email);
    const row = users
      .getByRole('table', { name: 'Utilisateurs' })
      .getByRole('row')
      .filter({ hasText: target.email });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Essai');
    await expect(users.getByRole('list', { name: 'Utilisateurs' })).toBeHidden();
    await row.getByRole('button', { name: 'Détails de Camille Roux' }).click();
    const dialog = userDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Abonnement' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Activité des derniers mois' })).toBeVisible();
    await expect(dialog.getByText("Aucune action d'administration.")).toBeVisible();
    await expectAccessible(page);

    // --- Extend the trial by 7 days.
    const before = await adminSubscription(request, targetId);
    await dialog.getByRole('button', { name: '+7 jours' }).click();
    await confirmIn(page, "Prolonger l'essai de 7 jours ?", 'Prolonger');
    await expectToast(page, 'Essai prolongé de 7 jours');
    const after = await adminSubscription(request, targetId);
    expect(after.joursRestants).toBe((before.joursRestants ?? 0) + 7);
    await expect(dialog.getByText(`${after.joursRestants} jours`, { exact: true })).toBeVisible();

    // --- Grant Premium: an admin grant, not billed; the current plan's button is disabled.
    await dialog.getByRole('button', { name: 'Premium', exact: true }).click();
    await confirmIn(page, 'Passer ce compte en Premium ?', 'Passer en Premium');
    await expectToast(page, 'Plan Premium accordé');
    await expect(dialog.getByRole('button', { name: 'Premium (actuel)' })).toBeDisabled();
    // The button that asked is disabled now: the focus stays in the dialog, not lost on the page.
    await expect(dialog).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Business', exact: true })).toBeEnabled();
    await expect(
      dialog.getByText("Accordé par l'administrateur, non facturé", { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: '+7 jours' })).toHaveCount(0);

    // --- Quotas of the free plan: edited, then counted again from now.
    await dialog.getByLabel('Factures par mois').fill('20');
    await dialog.getByLabel('Clients', { exact: true }).fill('30');
    await dialog.getByRole('button', { name: 'Enregistrer les quotas' }).click();
    await confirmIn(page, 'Modifier les quotas de ce compte ?', 'Enregistrer');
    await expectToast(page, 'Quotas enregistrés');
    await expect(dialog.getByLabel('Factures par mois')).toHaveValue('20');
    await dialog.getByRole('button', { name: 'Réinitialiser les quotas' }).click();
    await confirmIn(page, 'Réinitialiser les quotas de ce compte ?', 'Réinitialiser');
    await expectToast(page, 'Quotas réinitialisés');

    // --- Export: one JSON file with the user's data.
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Exporter les données' }).click();
    await confirmIn(page, 'Exporter les données de Camille Roux ?', 'Exporter');
    await expectToast(page, 'Export téléchargé');
    const file = testInfo.outputPath('export.json');
    await (await downloading).saveAs(file);
    expect(await readFile(file, 'utf8')).toContain(target.email);

    // --- Ban: the account can no longer sign in; unban gives it back.
    await dialog.getByRole('button', { name: 'Bannir' }).click();
    await confirmIn(page, 'Bannir Camille Roux ?', 'Bannir');
    await expectToast(page, 'Compte banni');
    await expect(dialog.getByText('Banni', { exact: true })).toBeVisible();
    const bannedLogin = await request.post('/api/auth/login', {
      data: { email: target.email, password: target.password },
    });
    expect(bannedLogin.status()).toBe(403);
    expect((await bannedLogin.json()).errorType).toBe('account_banned');
    await dialog.getByRole('button', { name: 'Débannir' }).click();
    await confirmIn(page, 'Débannir Camille Roux ?', 'Débannir');
    await expectToast(page, 'Compte débanni');
    const login = await request.post('/api/auth/login', {
      data: { email: target.email, password: target.password },
    });
    expect(login.status()).toBe(200);

    // --- Every action is in the audit shown in the dialog.
    for (const label of [
      'Essai prolongé',
      'Plan modifié',
      'Quotas modifiés',
      'Quotas réinitialisés',
      'Données exportées',
      'Compte suspendu',
      'Compte réactivé',
    ]) {
      await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    }
    await expectAccessible(page);

    // --- Delete: the account is closed and leaves the list.
    await dialog.getByRole('button', { name: 'Supprimer le compte' }).click();
    await confirmIn(page, 'Supprimer le compte de Camille Roux ?', 'Supprimer');
    await expectToast(page, 'Compte supprimé');
    await expect(dialog).toBeHidden();
    await expect(users.getByText('Aucun utilisateur ne correspond à ces critères.')).toBeVisible();
    await expect(users.getByRole('searchbox', { name: 'Recherche' })).toBeFocused();
    const closedLogin = await request.post('/api/auth/login', {
      data: { email: target.email, password: target.password },
    });
    expect(closedLogin.status()).not.toBe(200);
  });

  test('a refused action says the SPEC §8 sentence; the admin cannot delete nor ban their own account', async ({
    page,
    request,
  }) => {
    const target = await confirmedProfessional(request, 'admin-refus');
    const targetId = await adminUserId(request, target.email);
    await openAdmin(page);
    const users = section(page, 'Utilisateurs');
    await search(page, target.email);
    const row = users.getByRole('row').filter({ hasText: target.email });
    await expect(row).toBeVisible();
    // The filters narrow the search: a trial account is no Premium one.
    await users.getByLabel('Plan').selectOption('premium');
    await expect(users.getByText('Aucun utilisateur ne correspond à ces critères.')).toBeVisible();
    await users.getByLabel('Plan').selectOption('essai');
    await users.getByLabel('Statut').selectOption('nouveau');
    await expect(row).toBeVisible();
    await expect(users.getByText('1–1 sur 1')).toBeVisible();
    await row.getByRole('button', { name: 'Détails de Camille Roux' }).click();
    const dialog = userDialog(page);
    await expect(dialog.getByRole('button', { name: '+15 jours' })).toBeVisible();

    // Meanwhile another admin grants Business: the trial the dialog still shows is over.
    const res = await request.put(`/api/admin/users/${targetId}/plan`, {
      headers: await adminHeaders(request),
      data: { plan: 'business' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await dialog.getByRole('button', { name: '+15 jours' }).click();
    const question = page.getByRole('alertdialog', { name: "Prolonger l'essai de 15 jours ?" });
    await question.getByRole('button', { name: 'Prolonger', exact: true }).click();
    await expect(question.getByRole('alert')).toContainText(ADMIN_MESSAGES.extendFailed);
    await expectAccessible(page);
    await question.getByRole('button', { name: 'Annuler' }).click();

    // The server fails (a 500): each action's question says its SPEC §8 sentence, and nothing else.
    const failing = (url: string) => url.includes(`/api/admin/users/${targetId}`);
    await page.route(
      (url) => failing(url.pathname) && /\/(plan|ban)$|^\/api\/admin\/users\/[^/]+$/.test(url.pathname),
      (route) =>
        route.request().method() === 'GET'
          ? route.continue()
          : route.fulfill({ status: 500, json: { errorType: 'internal_error', message: 'Erreur interne' } }),
    );
    for (const [button, title, confirm, sentence] of [
      ['Premium', 'Passer ce compte en Premium ?', 'Passer en Premium', ADMIN_MESSAGES.planFailed],
      ['Bannir', 'Bannir Camille Roux ?', 'Bannir', ADMIN_MESSAGES.banFailed],
      [
        'Supprimer le compte',
        'Supprimer le compte de Camille Roux ?',
        'Supprimer',
        ADMIN_MESSAGES.deleteFailed,
      ],
    ] as const) {
      await dialog.getByRole('button', { name: button, exact: true }).click();
      const asked = page.getByRole('alertdialog', { name: title });
      await asked.getByRole('button', { name: confirm, exact: true }).click();
      await expect(asked.getByRole('alert')).toHaveText(sentence);
      await asked.getByRole('button', { name: 'Annuler' }).click();
      await expect(asked).toBeHidden();
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The admin's own account: no ban, no deletion from here.
    await search(page, SEEDED.admin.email);
    await users
      .getByRole('row')
      .filter({ hasText: SEEDED.admin.email })
      .getByRole('button', { name: 'Détails de Ada Admin' })
      .click();
    const own = page.getByRole('dialog', { name: 'Ada Admin' });
    await expect(own.getByText('votre propre compte')).toBeVisible();
    await expect(own.getByRole('button', { name: 'Supprimer le compte' })).toBeDisabled();
    await expect(own.getByRole('button', { name: 'Bannir' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(own).toBeHidden();

    // A particulier has no plan to grant (the server refuses it): the dialog says so instead of buttons.
    await search(page, SEEDED.particulier.email);
    await users
      .getByRole('row')
      .filter({ hasText: SEEDED.particulier.email })
      .getByRole('button', { name: 'Détails de Paul Client' })
      .click();
    const particulier = page.getByRole('dialog', { name: 'Paul Client' });
    await expect(
      particulier.getByText(/Les plans et les quotas concernent les comptes professionnels/),
    ).toBeVisible();
    await expect(particulier.getByRole('button', { name: 'Premium', exact: true })).toHaveCount(0);
    await expect(particulier.getByRole('button', { name: 'Bannir' })).toBeEnabled();
  });

  test('a failed load says the SPEC §8 sentence; trials ending soon wear their days-left colours', async ({
    page,
  }) => {
    // The server's own trials may or may not end within 3 days: the list is given here, one per colour.
    await page.route('**/api/admin/trial-stats', (route) =>
      route.fulfill({
        json: {
          totalEssais: 3,
          essaisActifs: 3,
          essaisExpires: 0,
          expiresAujourdhui: 1,
          tauxConversion: 0,
          expirentBientot: [
            { _id: 'a', nom: 'Alice Aujourdhui', email: 'alice@exemple.fr', joursRestants: 0 },
            { _id: 'b', nom: 'Bruno Demain', email: 'bruno@exemple.fr', joursRestants: 1 },
            { _id: 'c', nom: 'Chloé Bientôt', email: 'chloe@exemple.fr', joursRestants: 3 },
          ],
        },
      }),
    );
    // The user list fails first (a 500), then answers something that is no array, then the real list.
    let users: 'panne' | 'format' | 'serveur' = 'panne';
    await page.route(
      (url) => url.pathname === '/api/admin/users',
      (route) => {
        if (users === 'panne')
          return route.fulfill({
            status: 500,
            json: { errorType: 'internal_error', message: 'Erreur interne' },
          });
        if (users === 'format') return route.fulfill({ json: { utilisateurs: [] } });
        return route.continue();
      },
    );
    await openAdmin(page);

    const soon = section(page, 'Essais').getByRole('listitem').filter({ hasText: '@exemple.fr' });
    await expect(soon).toHaveCount(3);
    for (const [name, label, colour] of [
      ['Alice Aujourdhui', '0 jour restant', /text-red-700/],
      ['Bruno Demain', '1 jour restant', /text-red-700/],
      ['Chloé Bientôt', '3 jours restants', /text-amber-800/],
    ] as const) {
      const badge = soon.filter({ hasText: name }).getByText(label, { exact: true });
      await expect(badge).toHaveClass(colour);
      // 3 days or fewer: the warning sign beside the figure.
      await expect(badge.locator('svg')).toHaveCount(1);
    }

    const list = section(page, 'Utilisateurs');
    await expect(list.getByRole('alert')).toContainText(ADMIN_MESSAGES.usersLoadFailed);
    await expectAccessible(page);
    users = 'format';
    await list.getByRole('button', { name: 'Réessayer' }).click();
    await expect(list.getByRole('alert')).toContainText(ADMIN_MESSAGES.badUsersFormat);
    users = 'serveur';
    await list.getByRole('button', { name: 'Réessayer' }).click();
    await search(page, SEEDED.particulier.email);
    const row = list.getByRole('row').filter({ hasText: SEEDED.particulier.email });
    await expect(row).toBeVisible();

    // The details cannot be read: the dialog says so, and offers to try again.
    await page.route('**/api/admin/users/*/details', (route) =>
      route.fulfill({ status: 500, json: { errorType: 'internal_error', message: 'Erreur interne' } }),
    );
    await row.getByRole('button', { name: 'Détails de Paul Client' }).click();
    const dialog = page.getByRole('dialog', { name: /Paul Client/ });
    await expect(dialog.getByRole('alert').first()).toContainText(ADMIN_MESSAGES.detailsLoadFailed);
    await expect(dialog.getByRole('button', { name: 'Réessayer' }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('the global actions: subscriptions synchronised; the quota reset asks first', async ({ page }) => {
    await openAdmin(page);
    await page.getByRole('button', { name: 'Synchroniser les abonnements' }).click();
    await confirmIn(page, 'Synchroniser les abonnements ?', 'Synchroniser');
    await expectToast(page, 'Abonnements synchronisés');
    // Confirmed, it would restart the count of every free-plan journey running beside this one: only the
    // question is checked here (the server's tests cover the reset itself).
    await page.getByRole('button', { name: 'Réinitialiser les quotas' }).click();
    const question = page.getByRole('alertdialog', {
      name: 'Réinitialiser les quotas de tous les comptes ?',
    });
    await expect(question).toBeVisible();
    await expectAccessible(page);
    await question.getByRole('button', { name: 'Annuler' }).click();
    await expect(question).toBeHidden();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the admin page shows cards, opens a user and acts on it on a phone', async ({ page, request }) => {
    const target = await confirmedProfessional(request, 'admin-mobile');
    await signIn(page, SEEDED.admin.email, SEEDED_PASSWORD);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Administration' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await expect(section(page, 'Statistiques globales').getByText('Inscriptions')).toBeVisible();
    await expectAccessible(page);

    const users = section(page, 'Utilisateurs');
    await search(page, target.email);
    const card = users
      .getByRole('list', { name: 'Utilisateurs' })
      .getByRole('listitem')
      .filter({ hasText: target.email });
    await expect(card).toBeVisible();
    await expect(users.getByRole('table', { name: 'Utilisateurs' })).toBeHidden();
    await card.getByRole('button', { name: 'Détails de Camille Roux' }).click();
    const dialog = userDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Abonnement' })).toBeVisible();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: '+15 jours' }).click();
    await confirmIn(page, "Prolonger l'essai de 15 jours ?", 'Prolonger');
    await expectToast(page, 'Essai prolongé de 15 jours');
    await expect(dialog.getByText('Essai prolongé', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Nothing overflows the narrow screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
