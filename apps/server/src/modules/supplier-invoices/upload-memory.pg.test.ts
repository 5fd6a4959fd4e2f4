import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from '../../db/postgres.js';
import type { Database } from '../../db/types.js';
import { hashPassword } from '../../lib/password-hash.js';
import { STRONG_PASSWORD, uniqueEmail, uniqueSiret } from '../../test/factories.js';
import { facturxBomb, largeFacturx } from '../../test/hostile-files.js';
import { ownPostgresDatabase } from '../../test/own-postgres-database.js';
import {
  healthStatus,
  type RunningProcess,
  SERVER_DIR,
  serverEnv,
  spawnProcess,
  waitUntilHealthy,
} from '../../test/server-process.js';
import { freePort } from '../../test/smtp-server.js';
import { insertUser } from '../users/users.repo.js';

/**
 * The built server (dist/, which `npm test` builds before the tests) as a real process on a PostgreSQL
 * database of its own, as a replica runs: four 10 Mo Factur-X dropped at once, its resident memory read
 * from /proc while they are read, /api/health answering 200 all along; then a 1 GiB bomb. What is asserted
 * is memory, not time.
 */
const MIB = 1024 * 1024;
const database = ownPostgresDatabase('uploads');

let server: RunningProcess;
let baseUrl: string;
let token: string;
let check: Database;

/** Resident memory of the server process (VmRSS of /proc/<pid>/status), in bytes. */
function residentBytes(): number {
  const line = readFileSync(`/proc/${server.child.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line?.[1]) throw new Error('VmRSS introuvable');
  return Number(line[1]) * 1024;
}

function drop(file: Buffer, name: string): Promise<Response> {
  return fetch(`${baseUrl}/api/factures-fournisseurs`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      authorization: `Bearer ${token}`,
      'x-nom-fichier': encodeURIComponent(name),
    },
    body: new Uint8Array(file),
  });
}

beforeAll(async () => {
  for (const bundle of ['main.js', 'einvoice-worker.js']) {
    if (!existsSync(path.join(SERVER_DIR, 'dist', bundle))) {
      throw new Error(`dist/${bundle} manque : construisez d’abord le serveur (npm run build)`);
    }
  }
  await database.create();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'facturo-uploads-'));
  server = spawnProcess(
    process.execPath,
    ['dist/main.js'],
    serverEnv({ PORT: String(port), DATABASE_URL: database.url, DATA_DIR: dataDir }),
  );
  await waitUntilHealthy(server, baseUrl);
  check = postgresDatabase(database.url, { maxConnections: 2 });
  const email = uniqueEmail('acheteur');
  await insertUser(check.db, {
    email,
    passwordHash: await hashPassword(STRONG_PASSWORD),
    nom: 'Roux',
    prenom: 'Camille',
    role: 'professionnel',
    siret: uniqueSiret(),
    emailVerifiedAt: new Date(),
  });
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  expect(login.status).toBe(200);
  token = ((await login.json()) as { token: string }).token;
}, 240_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await check?.close();
  await database.drop();
});

describe('the built server reading uploads', () => {
  it('reads four 10 Mo Factur-X at once within 300 MiB of extra memory, /api/health answering', async () => {
    // A first file starts the reading thread: the measure is of the files, not of a cold start.
    const warm = await drop(largeFacturx(64 * 1024, 'FA-CHAUFFE'), 'chauffe.pdf');
    expect(warm.status, await warm.text()).toBe(201);
    const files = [1, 2, 3, 4].map((n) => largeFacturx(10 * 1_000_000, `FA-GRANDE-${n}`));
    for (const file of files) expect(file.length).toBeGreaterThan(9 * MIB);

    const baseline = residentBytes();
    let peak = baseline;
    let pending = true;
    const uploads = Promise.allSettled(files.map((file, n) => drop(file, `grande-${n + 1}.pdf`))).finally(
      () => {
        pending = false;
      },
    );
    // Health is asked again and again while the files are read: each time it answers 200 (how fast is for
    // the benchmarks; the point is that reading never takes the HTTP thread).
    const healthAnswers: (number | undefined)[] = [];
    while (pending) {
      peak = Math.max(peak, residentBytes());
      healthAnswers.push(await healthStatus(baseUrl));
    }
    const answers = await uploads;
    peak = Math.max(peak, residentBytes());

    for (const answer of answers) {
      if (answer.status === 'rejected') throw answer.reason;
      expect(answer.value.status, await answer.value.text()).toBe(201);
    }
    expect(healthAnswers.length).toBeGreaterThan(0);
    expect(healthAnswers.every((status) => status === 200)).toBe(true);
    expect(peak - baseline).toBeLessThan(300 * MIB);
  }, 300_000);

  it('refuses a 1 GiB bomb with 413, its memory hardly moving, then reads the next file', async () => {
    const baseline = residentBytes();
    const res = await drop(facturxBomb(), 'bombe.pdf');
    expect(res.status).toBe(413);
    expect(((await res.json()) as { errorType: string }).errorType).toBe('decompressed_too_large');
    expect(residentBytes() - baseline).toBeLessThan(150 * MIB);
    expect(await healthStatus(baseUrl)).toBe(200);
    const next = await drop(largeFacturx(64 * 1024, 'FA-APRES'), 'apres.pdf');
    expect(next.status).toBe(201);
  }, 300_000);
});
