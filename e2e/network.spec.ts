import { expect, test } from './support/test.js';

// 203.0.113.0/24 is TEST-NET-3 (RFC 5737): an address that belongs to nobody.
const ELSEWHERE = 'http://203.0.113.1/';

test('the browser reaches only this machine: a request elsewhere is refused and reported', async ({
  page,
  browser,
  baseURL,
  outgoing,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // From the app's own page: a fetch, and a page load.
  const answer = await page.evaluate(
    (url) =>
      fetch(url, { mode: 'no-cors' }).then(
        () => 'réponse',
        () => 'refusée',
      ),
    ELSEWHERE,
  );
  expect(answer).toBe('refusée');
  await expect(page.goto(`${ELSEWHERE}page`)).rejects.toThrow(/ERR_BLOCKED_BY_CLIENT/);
  // A context the test opens itself is guarded too.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto('/');
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(second.goto('https://example.com/')).rejects.toThrow(/ERR_BLOCKED_BY_CLIENT/);
  await other.close();
  // Read here, the attempts do not fail this test; left unread, they fail the test that made them.
  expect(outgoing.take()).toEqual([ELSEWHERE, `${ELSEWHERE}page`, 'https://example.com/']);
});
