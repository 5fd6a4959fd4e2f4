import { formatSiretInput, SIRET_DUPLICATE_ALERT } from '@facturo/shared';
import type { Page } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { adminHeaders, adminUserId, confirmIn } from './support/admin.js';
import { expectAccessible } from './support/axe.js';
import { SEEDED, SEEDED_PASSWORD, SEEDED_SHARED_SIRET } from './support/env.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * One company, one account: two accounts that shared a SIRET before the rule (seeded as the migration
 * leaves them). The flagged one is warned on « Facturation électronique »; the admin sees both in
 * « Comptes au SIRET en double » and gives the SIRET back once its holder is closed.
 */

const duplicates = (page: Page) => page.getByRole('region', { name: 'Comptes au SIRET en double' });

async function einvoicingAlert(page: Page) {
  await page.goto('/facturation-electronique');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturation électronique' })).toBeVisible();
  return page.getByRole('alert').filter({ hasText: SIRET_DUPLICATE_ALERT });
}

test('a flagged account is warned, and the admin gives its SIRET back once the holder is closed', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(owner, SEEDED.siretDuplicate.email, SEEDED_PASSWORD);
  await expect(await einvoicingAlert(owner)).toBeVisible();
  await expectAccessible(owner);

  await signIn(page, SEEDED.admin.email, SEEDED_PASSWORD);
  await page.goto('/admin');
  const section = duplicates(page);
  const row = section.getByRole('listitem').filter({ hasText: SEEDED.siretDuplicate.email });
  await expect(row).toContainText(`SIRET ${formatSiretInput(SEEDED_SHARED_SIRET)}`);
  await expect(row).toContainText('Compte qui détient le SIRET');
  await expect(row).toContainText(SEEDED.siretHolder.email);
  const restore = row.getByRole('button', { name: 'Rendre le SIRET à ce compte' });
  // Not while the holder is open.
  await expect(restore).toBeDisabled();
  await expectAccessible(page);

  const holderId = await adminUserId(request, SEEDED.siretHolder.email);
  const closed = await request.delete(`/api/admin/users/${holderId}`, {
    headers: await adminHeaders(request),
  });
  expect(closed.status()).toBe(204);
  await page.reload();
  await expect(row).toContainText('Plus aucun compte ouvert ne détient ce SIRET');
  await restore.click();
  await confirmIn(page, 'Rendre le SIRET à ce compte ?', 'Rendre le SIRET');
  await expectToast(
    page,
    `SIRET ${formatSiretInput(SEEDED_SHARED_SIRET)} rendu à ${SEEDED.siretDuplicate.email}`,
  );
  await expect(row).toHaveCount(0);
  await expectAccessible(page);

  // The owner reads the page again: nothing to warn about any more.
  const alert = await einvoicingAlert(owner);
  await expect(owner.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(alert).toHaveCount(0);
  await owner.context().close();
});
