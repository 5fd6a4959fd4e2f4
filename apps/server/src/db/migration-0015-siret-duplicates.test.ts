import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolationOf } from '../lib/db-errors.js';
import { ACTIVE_SIRET_INDEX } from '../modules/users/siret-ownership.js';
import { databaseBefore } from '../test/migrations-up-to.js';

/**
 * One company, one account: open accounts that already shared a SIRET before the rule keep working, the
 * oldest verified one keeps the SIRET (then the oldest unverified), the others are flagged for the admin.
 * Proved on a database at the previous migration with such rows, then migrated.
 */
const PREVIOUS = '0014_einvoicing_reform';
const SHARED = '55210055400021';
const UNVERIFIED_ONLY = '73282932000017';
const ALONE = '12345678200010';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('migration 0015: SIRETs shared by several open accounts', () => {
  let client: PGlite;
  let database: Awaited<ReturnType<typeof databaseBefore>>;

  beforeAll(async () => {
    database = await databaseBefore(PREVIOUS);
    client = database.client;
    const user = (n: number, siret: string | null, created: string, extra: Record<string, string> = {}) => {
      const columns = {
        id: `'${id(n)}'`,
        email: `'compte${n}@exemple.fr'`,
        role: `'professionnel'`,
        siret: siret === null ? 'null' : `'${siret}'`,
        created_at: `'${created}'`,
        ...extra,
      };
      return `insert into users (${Object.keys(columns).join(', ')}) values (${Object.values(columns).join(', ')});`;
    };
    const verified = { email_verified_at: `'2026-03-15T10:00:00Z'` };
    await client.exec(
      [
        // The oldest of the shared SIRET never confirmed its address: the oldest verified one keeps it.
        user(1, SHARED, '2026-01-01T10:00:00Z'),
        user(2, SHARED, '2026-02-01T10:00:00Z', verified),
        user(3, SHARED, '2026-03-01T10:00:00Z', verified),
        // Closed long ago: no longer anybody's.
        user(4, SHARED, '2025-01-01T10:00:00Z', { ...verified, deleted_at: `'2025-06-01T10:00:00Z'` }),
        user(5, UNVERIFIED_ONLY, '2026-01-01T10:00:00Z'),
        user(6, UNVERIFIED_ONLY, '2026-02-01T10:00:00Z'),
        user(7, ALONE, '2026-01-01T10:00:00Z', verified),
        user(8, null, '2026-01-01T10:00:00Z'),
        user(9, null, '2026-02-01T10:00:00Z'),
      ].join('\n'),
    );
    await database.migrateToLatest();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('flags every open account but the one that keeps the SIRET', async () => {
    const { rows } = await client.query<{ email: string; siret_duplicate: boolean }>(
      'select email, siret_duplicate from users order by email',
    );
    expect(rows).toEqual([
      { email: 'compte1@exemple.fr', siret_duplicate: true },
      { email: 'compte2@exemple.fr', siret_duplicate: false },
      { email: 'compte3@exemple.fr', siret_duplicate: true },
      { email: 'compte4@exemple.fr', siret_duplicate: false },
      { email: 'compte5@exemple.fr', siret_duplicate: false },
      { email: 'compte6@exemple.fr', siret_duplicate: true },
      { email: 'compte7@exemple.fr', siret_duplicate: false },
      { email: 'compte8@exemple.fr', siret_duplicate: false },
      { email: 'compte9@exemple.fr', siret_duplicate: false },
    ]);
  });

  it('lets no further open account take a SIRET that is held', async () => {
    const error = await client
      .query(
        `insert into users (email, role, siret) values ('nouveau@exemple.fr', 'professionnel', '${SHARED}')`,
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolationOf(error, ACTIVE_SIRET_INDEX)).toBe(true);
  });
});
