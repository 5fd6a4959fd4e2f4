import { expect, test } from './support/test.js';

// 203.0.113.0/24 is TEST-NET-3 (RFC 5737): an address that belongs to nobody.
const ELSEWHERE = 'http://203.0.113.1/';

test('the browser reaches only this machine: a request elsewhere is refused and reported', async ({
  page,
  browser,
  baseURL,
  outgoing,
}) => {
  const fetchElsewhere = () =>
    page.evaluate(
      (url) =>
        fetch(url, { mode: 'no-cors' }).then(
          () => 'réponse',
          () => 'refusée',
        ),
      ELSEWHERE,
    );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The app's own pages refuse it already (their CSP has connect-src 'self'): the request never leaves the
  // page, so the guard has nothing to see.
  expect(await fetchElsewhere()).toBe('refusée');
  // From a page without a policy, the guard is what refuses it; then a page load.
  await page.goto('about:blank');
  expect(await fetchElsewhere()).toBe('refusée');
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
