import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/factories.js';
import { loggedOccurrences, logLines } from '../test/log-lines.js';
import { ownPostgresDatabase } from '../test/own-postgres-database.js';
import { healthStatus, startServerOn, until } from '../test/server-process.js';

/**
 * A burst of requests on a replica whose database connections are all busy: each one used to wait for
 * the pool's timeout and fail with a 500 (and a log line of its own). Now it is answered 503 with
 * Retry-After and a French message, and the log says so once a second at most, with the count. A real
 * server process on PostgreSQL, its pool made tiny and its wait short so that a burst fills it.
 */
const database = ownPostgresDatabase('pool');
beforeAll(() => database.create());
afterAll(() => database.drop());

const OVERLOADED_MESSAGE = 'Pool PostgreSQL saturé : requêtes refusées (503), aucune connexion libre à temps';
const BURST = 300;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { errorType?: string; message?: string };
}

/** A contact message: its rate limit's row, its own row and its e-mail's job, each a round trip. */
async function contact(baseUrl: string): Promise<Answer> {
  const res = await fetch(`${baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      nom: 'Camille',
      email: uniqueEmail('rafale'),
      sujet: 'question',
      message: 'Bonjour, une question sur les factures.',
    }),
    signal: AbortSignal.timeout(60_000),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Answer['body'],
  };
}

describe('a burst beyond the database pool', () => {
  it('is answered 503 with Retry-After, never 500, and logged once a second at most', async () => {
    const server = await startServerOn(database.url, {
      DATABASE_POOL_SIZE: '3',
      DATABASE_POOL_TIMEOUT_MS: '500',
    });
    try {
      const startedAt = Date.now();
      const answers = await Promise.all(Array.from({ length: BURST }, () => contact(server.baseUrl)));
      const burstSeconds = (Date.now() - startedAt) / 1000;

      const statuses = new Set(answers.map((answer) => answer.status));
      expect([...statuses].filter((status) => status !== 201 && status !== 503)).toEqual([]);
      const refused = answers.filter((answer) => answer.status === 503);
      // The burst did fill the pool (otherwise this test would prove nothing).
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer.retryAfter).toBe('2');
        expect(answer.body).toEqual({
          errorType: 'service_overloaded',
          message: 'Le service est momentanément surchargé, réessayez dans quelques secondes.',
          retryAfterSeconds: 2,
        });
      }

      // Every refusal counted in the log (the last count comes a second after the burst)...
      await until('chaque refus compté dans le journal', () =>
        loggedOccurrences(server.process.output(), OVERLOADED_MESSAGE) >= refused.length ? true : undefined,
      );
      const output = server.process.output();
      expect(loggedOccurrences(output, OVERLOADED_MESSAGE)).toBe(refused.length);
      // ...in one line a second at most (plus the first, written at once), not one per request.
      expect(logLines(output, OVERLOADED_MESSAGE).length).toBeLessThanOrEqual(Math.ceil(burstSeconds) + 2);
      expect(output).not.toContain('Erreur interne');

      // The burst over, the replica serves as before.
      expect(await healthStatus(server.baseUrl)).toBe(200);
      expect((await contact(server.baseUrl)).status).toBe(201);
      server.process.child.kill('SIGTERM');
      expect(await server.process.exited).toEqual({ code: 0, signal: null });
    } finally {
      server.process.child.kill('SIGKILL');
    }
  }, 600_000);
});
