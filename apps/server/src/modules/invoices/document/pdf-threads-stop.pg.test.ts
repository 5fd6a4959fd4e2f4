import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from '../../../db/postgres.js';
import { hashPassword } from '../../../lib/password-hash.js';
import {
  CLIENT_ADDRESS,
  ISSUER_ADDRESS,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueSiret,
} from '../../../test/factories.js';
import { ownPostgresDatabase } from '../../../test/own-postgres-database.js';
import { type StartedServer, startServerOn } from '../../../test/server-process.js';
import { insertUser } from '../../users/users.repo.js';

/*
 * The PDF pool keeps one worker thread for good once a PDF has been drawn (pdf-pool.ts): a replica told to
 * stop still stops, in order and at once, its thread closed with the rest. A real server process, since
 * the stop is main.ts's.
 */

const database = ownPostgresDatabase('pdfstop');
let server: StartedServer | undefined;

beforeAll(async () => {
  await database.create();
  server = await startServerOn(database.url, { LOG_LEVEL: 'info' });
}, 180_000);

afterAll(async () => {
  if (server && !server.process.exitedWith()) {
    server.process.child.kill('SIGKILL');
    await server.process.exited;
  }
  await database.drop();
});

async function call(method: string, url: string, token?: string, body?: unknown): Promise<Response> {
  return fetch(`${server?.baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
}

async function signedInProfessional(): Promise<string> {
  const owner = postgresDatabase(database.url, { maxConnections: 1 });
  try {
    const user = await insertUser(owner.db, {
      email: uniqueEmail('pdfstop'),
      passwordHash: await hashPassword(STRONG_PASSWORD),
      nom: 'Martin',
      prenom: 'Claire',
      role: 'professionnel',
      siret: uniqueSiret(),
      ...ISSUER_ADDRESS,
      emailVerifiedAt: new Date(),
    });
    if (!user) throw new Error('insertUser a échoué');
    const res = await call('POST', '/api/auth/login', undefined, {
      email: user.email,
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  } finally {
    await owner.close();
  }
}

describe('a replica whose PDF pool keeps a thread', () => {
  it('stops at once on SIGTERM after drawing a PDF, exit code 0', async () => {
    const token = await signedInProfessional();
    const client = await call('POST', '/api/clients', token, {
      nom: 'Boulangerie Martin',
      email: uniqueEmail('client'),
      adresse: CLIENT_ADDRESS,
    });
    expect(client.status).toBe(201);
    const created = await call('POST', '/api/factures', token, {
      client: ((await client.json()) as { _id: string })._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
    });
    expect(created.status).toBe(201);
    const pdf = await call(
      'GET',
      `/api/factures/${((await created.json()) as { _id: string })._id}/pdf`,
      token,
    );
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const process = server!.process;
    process.child.kill('SIGTERM');
    expect(await process.exited).toEqual({ code: 0, signal: null });
    expect(process.output()).toContain('Arrêt terminé');
  });
});
