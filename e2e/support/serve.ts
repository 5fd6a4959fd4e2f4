import { rmSync } from 'node:fs';
import path from 'node:path';
import { openPglite, pgliteDatabase } from '../../apps/server/src/db/pglite.js';
import { rateLimitBuckets } from '../../apps/server/src/db/schema.js';
import { DAY_MS } from '../../apps/server/src/lib/clock.js';
import { accountStreakKey, LOGIN_THROTTLE } from '../../apps/server/src/lib/login-throttle.js';
import { hashPassword } from '../../apps/server/src/lib/password-hash.js';
import { insertUser } from '../../apps/server/src/modules/users/users.repo.js';
import { directoryAnswer, startFakeCompanySearch } from '../../apps/server/src/test/fake-company-search.js';
import { ISSUER_ADDRESS } from './addresses.js';
import { E2E_DATA_DIR, SEEDED, SEEDED_PASSWORD, SEEDED_SHARED_SIRET } from './env.js';
import { seedUnmatchedStatus } from './seed-unmatched-status.js';

/**
 * Starts the built server on a fresh data directory. A particulier can only come from an invoice
 * (a later feature), so the accounts the guard journeys need are written to the database first; the
 * professionals with the address their invoices need.
 */
rmSync(E2E_DATA_DIR, { recursive: true, force: true });
const database = pgliteDatabase(await openPglite(path.join(E2E_DATA_DIR, 'db')));
await database.migrate();
const passwordHash = await hashPassword(SEEDED_PASSWORD);
await insertUser(database.db, {
  ...SEEDED.particulier,
  passwordHash,
  role: 'particulier',
  emailVerifiedAt: new Date(),
});
await insertUser(database.db, {
  ...SEEDED.particulierPro,
  passwordHash,
  role: 'particulier',
  emailVerifiedAt: new Date(),
});
await insertUser(database.db, {
  ...SEEDED.admin,
  ...ISSUER_ADDRESS,
  passwordHash,
  role: 'professionnel',
  siret: '11122233300044',
  emailVerifiedAt: new Date(),
});
await insertUser(database.db, {
  ...SEEDED.gratuit,
  ...ISSUER_ADDRESS,
  passwordHash,
  role: 'professionnel',
  siret: '55566677500088',
  plan: 'gratuit',
  emailVerifiedAt: new Date(),
});
await insertUser(database.db, {
  ...SEEDED.gratuitClients,
  ...ISSUER_ADDRESS,
  passwordHash,
  role: 'professionnel',
  siret: '55566677500096',
  plan: 'gratuit',
  emailVerifiedAt: new Date(),
});
await insertUser(database.db, {
  ...SEEDED.attacked,
  ...ISSUER_ADDRESS,
  passwordHash,
  role: 'professionnel',
  siret: '55566677500104',
  emailVerifiedAt: new Date(),
});
// Its failures from unknown devices, at the threshold that asks for the unlock link (RATE_LIMIT_SCALE included).
await database.db.insert(rateLimitBuckets).values({
  key: accountStreakKey(SEEDED.attacked.email),
  windowStart: new Date(0),
  hits: LOGIN_THROTTLE.account.unlockAfter * Number(process.env.RATE_LIMIT_SCALE ?? 1),
  expiresAt: new Date(Date.now() + DAY_MS),
});
for (const invited of [SEEDED.invitedByInvoice, SEEDED.invitedByQuote]) {
  await insertUser(database.db, { ...invited, passwordHash: null, role: 'particulier' });
}
await seedUnmatchedStatus(database.db);
// One SIRET, two open accounts, as before one company had one account: the second is flagged.
for (const [account, siretDuplicate] of [
  [SEEDED.siretHolder, false],
  [SEEDED.siretDuplicate, true],
] as const) {
  await insertUser(database.db, {
    ...account,
    ...ISSUER_ADDRESS,
    passwordHash,
    role: 'professionnel',
    siret: SEEDED_SHARED_SIRET,
    siretDuplicate,
    emailVerifiedAt: new Date(),
  });
}
await database.close();
// Issue 19: the company search asks a local fake directory, never the internet; a query holding
// « indisponible » makes it fail, for the journey of the outage (e2e/company-search.spec.ts).
const directory = await startFakeCompanySearch((call) => {
  const q = call.query.get('q') ?? '';
  return q.includes('indisponible') ? { status: 503, json: {} } : { status: 200, json: directoryAnswer(q) };
});
process.env.COMPANY_SEARCH_URL = directory.url;
// The built bundle, exactly what `npm start` runs (a variable keeps the type checker off dist/).
const serverBundle = '../../apps/server/dist/main.js';
await import(serverBundle);
