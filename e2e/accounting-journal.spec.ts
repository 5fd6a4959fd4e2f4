import type { Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { issueInvoiceTo } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';

/*
 * Issue 18, the journal on « Comptabilité »: a professional's integrity line counts the events their
 * actions wrote (the real server: a number, a sending, an issue, then the client opening the invoice);
 * then, with the server's answers stubbed (a broken chain cannot be made through the app, and a seal
 * needs a month to pass), the plain alert naming the first broken entry and a seal's download. The
 * chain's rules themselves are the API tests' (apps/server/src/modules/journal).
 */

/** fr-FR groups digits with a narrow no-break space: any space matches. */
const integrity = (events: number) =>
  new RegExp(`Registre intègre — ${String(events).replace(/\B(?=(\d{3})+$)/g, '\\s')} événements vérifiés`);

const journal = (page: Page) => page.getByRole('region', { name: 'Registre des événements' });

test('the journal counts the events of a sale, and says it plainly', async ({ page, request }) => {
  const issuer = await confirmedProfessional(request, 'registre');
  const client = await confirmedProfessional(request, 'registre-client');
  const invoice = await issueInvoiceTo(request, issuer, client.email);

  await signIn(page, issuer.email, issuer.password);
  await page.goto('/comptabilite');
  // Numbered, sent (envoyée), issued with its original's fingerprint.
  await expect(journal(page).getByRole('status').filter({ hasText: 'Registre intègre' })).toHaveText(
    integrity(3),
  );
  await expect(journal(page).getByText('Aucun mois scellé pour l’instant')).toBeVisible();
  await expectAccessible(page);

  // The client opens it on their side: « vue » goes to the issuer's chain.
  const opened = await request.get(`/api/factures/${invoice._id}`, {
    headers: await apiHeaders(request, client.email, client.password),
  });
  expect(opened.status()).toBe(200);
  await page.reload();
  await expect(journal(page)).toContainText(integrity(4));
});

test('a broken chain is named plainly, and a month’s seal downloads', async ({ page, request }) => {
  const issuer = await confirmedProfessional(request, 'registre-sceau');
  await page.route('**/api/journal/verification', (route) =>
    route.fulfill({
      json: {
        valide: false,
        evenements: 11,
        premiereRupture: {
          seq: 12,
          date: '2026-03-02T23:30:00.000Z',
          raison: 'le contenu de l’entrée a été modifié après son enregistrement',
        },
      },
    }),
  );
  await page.route('**/api/journal/sceaux', (route) =>
    route.fulfill({
      json: [
        {
          mois: '2026-02',
          seq: 1250,
          date: '2026-03-01T00:20:00.000Z',
          hash: 'ab'.repeat(32),
          dernierSeq: 1249,
          dernierHash: 'cd'.repeat(32),
          evenements: 1243,
        },
      ],
    }),
  );
  await page.route('**/api/journal/sceaux/2026-02', (route) =>
    route.fulfill({
      body: '{"mois":"2026-02"}\n',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': 'attachment; filename="sceau-registre-2026-02.json"',
      },
    }),
  );
  await signIn(page, issuer.email, issuer.password);
  await page.goto('/comptabilite');
  const alert = journal(page).getByRole('alert');
  await expect(alert).toContainText('l’entrée n° 12 du 3 mars 2026 ne correspond plus');
  await expect(alert).toContainText('modifié après son enregistrement');
  await expect(journal(page).getByText('Registre intègre')).toHaveCount(0);

  const seals = journal(page).getByRole('list', { name: 'Sceaux mensuels' });
  await expect(seals).toContainText(/février 2026\s*— 1\s243 événements/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    seals.getByRole('button', { name: 'Télécharger le sceau de février 2026' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sceau-registre-2026-02.json');
  await expectAccessible(page);
});
