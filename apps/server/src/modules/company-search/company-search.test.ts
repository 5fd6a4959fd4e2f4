import { randomUUID } from 'node:crypto';
import type { CompanySearchResult } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import {
  type DirectoryCall,
  directoryAnswer,
  type FakeCompanySearch,
  startFakeCompanySearch,
} from '../../test/fake-company-search.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { COMPANY_SEARCH_TIMEOUT_MS } from './company-directory.js';
import { COMPANY_SEARCH_CACHE_MS } from './company-search-cache.js';

let fake: FakeCompanySearch;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeCompanySearch();
  t = await startTestApp({ companySearchUrl: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** The cache is shared by every test on the database: each test searches a name of its own. */
const uniqueName = () => `boulangerie ${randomUUID().slice(0, 8)}`;

const search = (token: string, q: string) =>
  t.request({ method: 'GET', url: `/api/entreprises?q=${encodeURIComponent(q)}`, token });

const callsFor = (q: string) => fake.calls.filter((call: DirectoryCall) => call.query.get('q') === q);

describe('GET /api/entreprises', () => {
  it('answers the head office of each company, ready for the client form', async () => {
    const { token } = await signedInUser(t);
    const q = uniqueName();
    const res = await search(token, q);
    expect(res.statusCode).toBe(200);
    const { entreprises } = res.json<CompanySearchResult>();
    expect(entreprises).toEqual([
      {
        nom: q.toUpperCase(),
        siren: '356000000',
        siret: '35600000000048',
        adresse: '9 RUE DU COLONEL PIERRE AVIA',
        codePostal: '75015',
        ville: 'PARIS',
        numeroTva: 'FR39356000000',
        activite: '53.10Z',
      },
      {
        nom: `${q.toUpperCase()} INDUSTRIES`,
        siren: '552032534',
        siret: '55203253400646',
        // No street parts: the full address less its postcode and city.
        adresse: '13 AVENUE DU PONT',
        codePostal: '92100',
        ville: 'BOULOGNE-BILLANCOURT',
        numeroTva: 'FR27552032534',
        activite: '29.10Z',
      },
    ]);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const [call] = callsFor(q);
    expect(call?.path).toBe('/search');
    expect(call?.query.get('per_page')).toBe('10');
    expect(call?.query.get('page')).toBe('1');
  });

  it('searches a SIRET typed with spaces by its digits', async () => {
    const { token } = await signedInUser(t);
    const siret = String(Math.floor(Math.random() * 1e14)).padStart(14, '0');
    const spaced = `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`;
    expect((await search(token, spaced)).statusCode).toBe(200);
    expect(callsFor(siret)).toHaveLength(1);
  });

  it('answers a repeated search from its cache for a day, then asks again', async () => {
    const { token } = await signedInUser(t);
    const other = await signedInUser(t);
    const q = uniqueName();
    const first = await search(token, q);
    // Another professional, other case and spacing: the same key, the same answer, no second call.
    const second = await search(other.token, `  ${q.toUpperCase()} `);
    expect(second.json()).toEqual(first.json());
    expect(callsFor(q)).toHaveLength(1);
    t.clock.advance(COMPANY_SEARCH_CACHE_MS + 1000);
    try {
      expect((await search(token, q)).statusCode).toBe(200);
      expect(callsFor(q)).toHaveLength(2);
    } finally {
      t.clock.reset();
    }
  });

  it('says in French that the service is unavailable when it fails, answers nonsense or is unreachable', async () => {
    const { token } = await signedInUser(t);
    const expectUnavailable = async () => {
      const res = await search(token, uniqueName());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        errorType: 'company_search_unavailable',
        message: expect.stringContaining('à la main'),
      });
    };
    try {
      fake.answer(() => ({ status: 429, json: { erreur: 'Trop de requêtes' } }));
      await expectUnavailable();
      const res = await search(token, uniqueName());
      expect(res.headers['cache-control'] ?? '').not.toContain('max-age');
      fake.answer(() => ({ status: 200, json: { resultats: 'autre chose' } }));
      await expectUnavailable();
    } finally {
      fake.answer((call) => ({ status: 200, json: directoryAnswer(call.query.get('q') ?? '') }));
    }
    // A failure is not cached: the next search of the same name asks again.
    const q = uniqueName();
    fake.answer(() => ({ status: 500, json: {} }));
    expect((await search(token, q)).statusCode).toBe(503);
    fake.answer((call) => ({ status: 200, json: directoryAnswer(call.query.get('q') ?? '') }));
    expect((await search(token, q)).statusCode).toBe(200);
  });

  it('gives up on a directory that does not answer in time', async () => {
    const { token } = await signedInUser(t);
    fake.answer(() => 'hang');
    try {
      const started = Date.now();
      const res = await search(token, uniqueName());
      expect(res.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(COMPANY_SEARCH_TIMEOUT_MS + 3000);
    } finally {
      fake.answer((call) => ({ status: 200, json: directoryAnswer(call.query.get('q') ?? '') }));
    }
  }, 20_000);

  it('answers 503 when nothing listens at the configured address', async () => {
    // The harness's default address: port 9 on loopback, refused.
    const offline = await startTestApp();
    try {
      const { token } = await signedInUser(offline);
      const res = await offline.request({ method: 'GET', url: `/api/entreprises?q=${uniqueName()}`, token });
      expect(res.statusCode).toBe(503);
      expect(res.json().errorType).toBe('company_search_unavailable');
    } finally {
      await offline.close();
    }
  });

  it('refuses a query too short, a particulier and an anonymous caller', async () => {
    const { token } = await signedInUser(t);
    const short = await search(token, 'ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('au moins 3 caractères');
    const individual = await signedInUser(t, { role: 'particulier', siret: null });
    expect((await search(individual.token, uniqueName())).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/entreprises?q=boulangerie' })).statusCode).toBe(401);
  });

  it('limits one professional to 30 searches a minute, then 429', async () => {
    const { token } = await signedInUser(t);
    const q = uniqueName();
    // Starts at the beginning of a minute window so the 31 searches cannot straddle two.
    t.clock.set(new Date(Math.ceil(Date.now() / 60_000) * 60_000));
    try {
      for (let i = 0; i < 30; i += 1) expect((await search(token, q)).statusCode).toBe(200);
      const res = await search(token, q);
      expect(res.statusCode).toBe(429);
      expect(res.json().errorType).toBe('rate_limited');
      // The cache answered all but the first.
      expect(callsFor(q)).toHaveLength(1);
    } finally {
      t.clock.reset();
    }
  });
});
