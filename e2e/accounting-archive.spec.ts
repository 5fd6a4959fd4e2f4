import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { goToAccounting, sentInvoices } from './support/accounting.js';
import { confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/**
 * Issue 18: the yearly archive from « Exports » — choose the year, « Générer l’archive », the progress bar
 * moves (fed by the live events), then « Télécharger » gives the ZIP with every issued invoice. The ZIP's
 * exact bytes, retries and refusals are the API tests' (apps/server/src/modules/archives).
 */
test('a professional prepares the year’s archive, watches it progress and downloads the ZIP', async ({
  page,
  request,
}) => {
  test.slow();
  const issuer = await confirmedProfessional(request, 'archive');
  const numeros = await sentInvoices(request, issuer, 3);
  await signIn(page, issuer.email, issuer.password);
  await goToAccounting(page, false);

  const exportsRegion = page.getByRole('region', { name: 'Exports' });
  await expect(exportsRegion.getByText('Aucune archive préparée pour l’instant.')).toBeVisible();
  const year = new Date().getFullYear();
  await expect(exportsRegion.getByLabel('Année à archiver')).toHaveValue(String(year));

  // Every state the bar goes through, as the page draws it (it may pass quickly on a small year).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { archiveBar: string[] }).archiveBar = seen;
    const record = () => {
      const bar = document.querySelector('[role="progressbar"]');
      if (!bar) return;
      const state = `${bar.getAttribute('aria-valuenow')}/${bar.getAttribute('aria-valuemax')}`;
      if (seen.at(-1) !== state) seen.push(state);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await exportsRegion.getByRole('button', { name: 'Générer l’archive' }).click();
  const ready = exportsRegion.getByRole('status').filter({ hasText: `Votre archive ${year} est prête` });
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await expect(exportsRegion.getByRole('progressbar')).toHaveCount(0);
  const states = await page.evaluate(() => (window as unknown as { archiveBar: string[] }).archiveBar);
  // Shown from the request on (waiting: 0), the total once counted: 3 invoices and 4 books.
  expect(states[0]).toMatch(/^0\//);
  // The list shows it, ready, with its size.
  const listed = exportsRegion.getByRole('list', { name: 'Archives préparées' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText(`Archive ${year}`);
  await expect(listed.first()).toContainText('Prête');
  await expect(listed.first()).toContainText(/Ko|octets/);
  await expectAccessible(page);

  const downloadStarted = page.waitForEvent('download');
  await ready.getByRole('button', { name: 'Télécharger' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe(`facturo-archive-${year}.zip`);
  const path = await download.path();
  const entries = unzipSync(new Uint8Array(await readFile(path)));
  for (const numero of numeros) expect(Object.keys(entries)).toContain(`factures/${numero}.pdf`);
  expect(Object.keys(entries)).toContain(`livre-des-recettes-${year}.csv`);
  expect(Object.keys(entries)).toContain('journal.json');
  expect(strFromU8(entries['LISEZMOI.txt'] ?? new Uint8Array())).toContain(
    `Archive Facturo de l’année ${year}`,
  );
  // Each PDF starts as a PDF does.
  expect(strFromU8((entries[`factures/${numeros[0]}.pdf`] ?? new Uint8Array()).subarray(0, 5))).toBe('%PDF-');

  // A second request for the same year while the first is ready builds a new one, listed first.
  await exportsRegion.getByRole('button', { name: 'Générer l’archive' }).click();
  await expect(listed).toHaveCount(2);
  await expect(listed.first()).toContainText('Prête', { timeout: 30_000 });
});

test('the progress bar follows the live events of the archive’s job', async ({ page, request }) => {
  test.slow();
  const issuer = await confirmedProfessional(request, 'archive-direct');
  await sentInvoices(request, issuer, 1);
  await signIn(page, issuer.email, issuer.password);
  await goToAccounting(page, false);
  const exportsRegion = page.getByRole('region', { name: 'Exports' });
  // The list is never read again after the first time: only the event stream can move the bar.
  let listReads = 0;
  await page.route('**/api/archives', async (route) => {
    if (route.request().method() === 'GET') {
      listReads += 1;
      if (listReads > 1) return route.abort();
    }
    return route.continue();
  });
  await page.reload();
  await expect(exportsRegion.getByText('Aucune archive préparée pour l’instant.')).toBeVisible();
  const before = listReads;
  await exportsRegion.getByRole('button', { name: 'Générer l’archive' }).click();
  // Shown at once from the request's answer, waiting for the job.
  await expect(exportsRegion.getByRole('progressbar')).toBeVisible();
  // « Prête » can only come from the job's events: the list's reads are refused from now on.
  await expect(exportsRegion.getByText(/Votre archive \d{4} est prête/)).toBeVisible({ timeout: 30_000 });
  expect(before).toBe(1);
});
