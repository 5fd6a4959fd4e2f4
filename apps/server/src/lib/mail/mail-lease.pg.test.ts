import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from '../../db/postgres.js';
import type { Database } from '../../db/types.js';
import { ownPostgresDatabase } from '../../test/own-postgres-database.js';
import { type StartedServer, startServerOn, until } from '../../test/server-process.js';
import { freePort, type ReceivedMail, startSmtpServer } from '../../test/smtp-server.js';
import { settleAll } from '../settle-all.js';

/**
 * E-mails at least once, and twice only at a kill: two real server processes on one PostgreSQL database of
 * their own, each with its SMTP sink (so the test knows who delivered what), the contact form's e-mails
 * queued while SMTP is down, then SMTP back, and one replica killed with -9 while a message of its batch
 * is being written (its sink holds it) and the rest of that batch was accepted but not yet completed.
 */
const database = ownPostgresDatabase('mail_lease');
const EMAILS = 300;
/** Short, so that the test waits for the lease and not for pg-boss's 15-minute expiry. */
const LEASE_SECONDS = 10;
/** The victim's sink accepts this many, holds the next one, and accepts the rest. */
const ACCEPTED_BEFORE_HOLD = 2;

const visitor = (i: number) => `visiteur-${i}@exemple.fr`;
/** The visitor of a support e-mail: its Reply-To, the first address of that form in the message. */
const visitorOf = (mail: ReceivedMail) => mail.raw.match(/visiteur-\d+@exemple\.fr/)?.[0] ?? '';

let check: Database;
const replicas: StartedServer[] = [];
const sinks: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  await database.create();
  check = postgresDatabase(database.url, { maxConnections: 2 });
});

afterAll(async () => {
  for (const replica of replicas) replica.process.child.kill('SIGKILL');
  await Promise.all(replicas.map((replica) => replica.process.exited));
  for (const sink of sinks) await sink.close();
  await check?.close();
  await database.drop();
}, 120_000);

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await check.executeSql(text, values)).rows as T[];
}

/** The mail jobs, by visitor: state, and whether the SMTP server's acceptance was recorded. */
async function mailJobs(): Promise<Map<string, { state: string; recorded: boolean }>> {
  const jobs = await rows<{ visitor: string; state: string; recorded: boolean }>(
    `SELECT j.data->'replyTo'->>'address' AS visitor, j.state::text AS state, d.job_id IS NOT NULL AS recorded
       FROM pgboss.job j LEFT JOIN delivered_mails d ON d.job_id = j.id
      WHERE j.name = 'mail'`,
  );
  return new Map(jobs.map((job) => [job.visitor, { state: job.state, recorded: job.recorded }]));
}

describe('two replicas sending e-mails, SMTP down then back, one killed while sending', () => {
  it('deliver every e-mail, the killed one’s within about a minute, twice only what was being written', async () => {
    const survivorPort = await freePort();
    const victimPort = await freePort();
    const env = (smtpPort: number) => ({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SUPPORT_EMAIL: 'support@facturo.test',
      MAIL_LEASE_SECONDS: String(LEASE_SECONDS),
      MAIL_RETRY_DELAY_SECONDS: '1',
    });
    // The first replica migrates; the second starts on the migrated database, as a rollout would.
    const survivor = await startServerOn(database.url, env(survivorPort));
    replicas.push(survivor);
    const victim = await startServerOn(database.url, env(victimPort));
    replicas.push(victim);

    // SMTP down: every e-mail is queued, tried and kept for a retry.
    await settleAll(
      Array.from({ length: EMAILS }, (_, i) => i),
      10,
      async (i) => {
        const { baseUrl } = i % 2 === 0 ? survivor : victim;
        const res = await fetch(`${baseUrl}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            nom: `Visiteur ${i}`,
            email: visitor(i),
            sujet: 'question',
            message: 'Bonjour, une question sur la facturation.',
          }),
        });
        if (res.status !== 201) throw new Error(`contact ${i} : ${res.status} ${await res.text()}`);
      },
    ).then((outcomes) => expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]));
    await until(
      'chaque e-mail a échoué une fois, SMTP arrêté',
      async () => {
        const [row] = await rows<{ failed: number }>(
          `SELECT count(*)::int AS failed FROM pgboss.job WHERE name = 'mail' AND output IS NOT NULL`,
        );
        return row?.failed === EMAILS ? true : undefined;
      },
      120_000,
    );

    // SMTP back. The victim's sink holds one message of a batch, which the victim then cannot complete.
    const survivorSink = await startSmtpServer(survivorPort);
    sinks.push(survivorSink);
    let releaseHeld = () => {};
    const held = new Promise<void>((resolve) => {
      releaseHeld = resolve;
    });
    let heldVisitor: string | undefined;
    let seen = 0;
    const victimSink = await startSmtpServer(victimPort, {
      hold: (mail) => {
        seen += 1;
        if (seen !== ACCEPTED_BEFORE_HOLD + 1) return undefined;
        heldVisitor = visitorOf(mail);
        return held;
      },
    });
    sinks.push(victimSink);

    // The instant of the kill: the held message is being written, and the batch's others were accepted and
    // recorded (all the victim's sink accepted), some of them not completed yet.
    const acceptedInFlight = await until(
      'la réplique visée envoie un lot dont un message est retenu',
      async () => {
        if (!heldVisitor) return undefined;
        const jobs = await mailJobs();
        const accepted = victimSink.received.map(visitorOf);
        if (!accepted.every((v) => jobs.get(v)?.recorded)) return undefined;
        const inFlight = accepted.filter((v) => jobs.get(v)?.state === 'active');
        return inFlight.length > 0 ? inFlight : undefined;
      },
      120_000,
    );
    victim.process.child.kill('SIGKILL');
    await victim.process.exited;
    const atKill = await mailJobs();
    const activeAtKill = [...atKill].filter(([, job]) => job.state === 'active').map(([v]) => v);
    const unrecordedAtKill = new Set(activeAtKill.filter((v) => !atKill.get(v)?.recorded));
    // The server had the held message whole: it delivers it, though its 250 reaches no one.
    releaseHeld();

    // Within about a minute (the lease, a quarter of it to notice, a poll), the survivor takes them.
    await until(
      'les e-mails de la réplique tuée sont repris et envoyés',
      async () => {
        const jobs = await mailJobs();
        return activeAtKill.every((v) => jobs.get(v)?.state === 'completed') ? true : undefined;
      },
      60_000,
    );
    await until(
      'tous les e-mails sont envoyés',
      async () => {
        const jobs = await mailJobs();
        return [...jobs.values()].every((job) => job.state === 'completed') ? true : undefined;
      },
      180_000,
    );

    const deliveries = [...survivorSink.received, ...victimSink.received].map(visitorOf);
    const counts = new Map<string, number>();
    for (const v of deliveries) counts.set(v, (counts.get(v) ?? 0) + 1);
    expect(Array.from({ length: EMAILS }, (_, i) => visitor(i)).filter((v) => !counts.has(v))).toEqual([]);
    expect(counts.size).toBe(EMAILS);
    const twice = [...counts].filter(([, n]) => n > 1).map(([v]) => v);
    // The held one went twice: it was being written at the kill, and its acceptance never recorded.
    expect(twice).toContain(heldVisitor);
    // Nothing else but what was in flight, unrecorded, at the kill; never what had been accepted.
    expect(twice.every((v) => unrecordedAtKill.has(v))).toBe(true);
    expect(acceptedInFlight.filter((v) => twice.includes(v))).toEqual([]);
    expect(counts.get(heldVisitor ?? '')).toBe(2);
    expect(deliveries.length).toBeLessThanOrEqual(EMAILS + unrecordedAtKill.size);
    expect(survivor.process.output()).toContain('E-mails repris');
  }, 600_000);
});
