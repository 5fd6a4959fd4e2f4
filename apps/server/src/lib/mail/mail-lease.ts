import type { SqlExecutor } from '../../db/types.js';

/**
 * A mail job in hand belongs to its replica for a lease counted from its pg-boss `started_on`, which the
 * replica moves forward while it sends; a job whose lease lapsed (its replica was killed, or stalled longer
 * than a lease) goes back to the queue, due at once, for any replica to take.
 *
 * Why by hand, on pg-boss's own table: pg-boss 10 has no call to extend an active job. Its only recovery
 * of a dead worker's jobs is its expiry (`expire_in`, 15 minutes by default, looked at by its maintenance
 * every `maintenanceIntervalSeconds`, 2 minutes by default), and it retries an expired job as a failure:
 * after the job's back-off, which is minutes to hours for an e-mail that already waited out an SMTP outage
 * (retryDelay × 2^attempts). That is how a killed replica's e-mails came ~19 minutes late. A short
 * `expire_in` alone would instead cut sends that are only slow. So the mail worker keeps the lease itself,
 * on the rows of its own queue and with the columns pg-boss reads: `started_on` moves forward while a
 * batch is sent (so pg-boss's expiry, left at its default, never fires for a live sender and stays a
 * backstop), and every replica returns lapsed ones to `retry` with `start_after = now()`. The next fetch
 * counts that as an attempt, as pg-boss would have.
 */
export class MailLease {
  constructor(
    private readonly sql: SqlExecutor,
    /** pg-boss's schema (`pgboss` in production). */
    private readonly schema: string,
    private readonly queue: string,
    readonly seconds: number,
  ) {}

  /**
   * How often a batch renews its lease, and a replica looks for lapsed ones: a quarter of it, so a live
   * sender may miss two renewals, and a dead one's jobs are back in the queue 1 to 1¼ leases after its
   * last renewal (¾ to 1¼ leases after its death).
   */
  get checkIntervalMs(): number {
    return (this.seconds * 1000) / 4;
  }

  /** Moves the lease of these jobs forward; returns how many are still this replica's. */
  async renew(jobIds: readonly string[]): Promise<number> {
    const { rows } = await this.sql.executeSql(
      `UPDATE ${this.schema}.job SET started_on = now()
        WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'
        RETURNING id`,
      [this.queue, jobIds],
    );
    return rows.length;
  }

  /**
   * Returns the jobs whose lease lapsed to the queue, due now; says how many. pg-boss indexes no active
   * jobs, so this reads the mail partition (its completed jobs go to the archive after 12 hours): one
   * statement per replica every quarter-lease.
   */
  async reclaimLapsed(): Promise<number> {
    const { rows } = await this.sql.executeSql(
      `UPDATE ${this.schema}.job
          SET state = 'retry', start_after = now(), output = jsonb_build_object('message', $3::text)
        WHERE name = $1 AND state = 'active' AND started_on < now() - $2::int * interval '1 second'
        RETURNING id`,
      [this.queue, this.seconds, 'bail expiré : la réplique qui l’envoyait ne répond plus'],
    );
    return rows.length;
  }
}
