import { signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { SEEDED, SEEDED_PASSWORD } from './support/env.js';
import { SEEDED_UNMATCHED_STATUS } from './support/seed-unmatched-status.js';
import { expect, test } from './support/test.js';

/*
 * « Statuts reçus non rattachés » on /admin: a status a platform delivered that matched no invoice of
 * the receiving account (seeded as the sync keeps one) is listed with what it said and why it was kept
 * aside.
 */

test('the admin reads the statuses received that matched no invoice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, SEEDED.admin.email, SEEDED_PASSWORD);
  await page.goto('/admin');
  const section = page.getByRole('region', { name: 'Statuts reçus non rattachés', exact: true });
  const entry = section.getByRole('listitem').filter({ hasText: SEEDED_UNMATCHED_STATUS.flowId });
  await expect(entry).toContainText(`210 Refusée · facture ${SEEDED_UNMATCHED_STATUS.numero}`);
  await expect(entry).toContainText(SEEDED_UNMATCHED_STATUS.reason);
  await expect(entry).toContainText(SEEDED.gratuit.email);
  await expect(entry).toContainText('555666777');
  await expectAccessible(page);
});
