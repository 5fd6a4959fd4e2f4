import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor, SqlResult } from '../db/types.js';

/**
 * The database as pg-boss sees it, shut once its stop has returned. pg-boss 10 writes a job's outcome
 * without awaiting it (manager.js, `watch`: `this.complete(…)` or `this.fail(…)` after the handler),
 * and a stop past its timeout fails the jobs still in hand (`failWip`), so that they run again, then
 * returns while their handlers run on. A handler ending later had pg-boss write its outcome on a job
 * already handed back (perhaps taken since by another replica), through a pool closed meanwhile, or in
 * the tests a schema dropped: a rejection nobody catches, which ends the process. Once shut, nothing
 * pg-boss asks is sent (that outcome is stale), and it never settles, so no rejection can escape; the
 * queries already on their way are awaited before the pool or the schema can go.
 */
export class BossDatabase implements SqlExecutor {
  private shut = false;
  private readonly inFlight = new Set<Promise<SqlResult>>();

  constructor(
    private readonly sql: SqlExecutor,
    private readonly log: FastifyBaseLogger,
  ) {}

  executeSql(text: string, values?: unknown[]): Promise<SqlResult> {
    if (this.shut) {
      // For a late outcome, the queue and the jobs' ids: the jobs were handed back and will run again.
      this.log.warn(
        { values: values?.slice(0, 2) },
        'File de tâches arrêtée : pg-boss écrit encore, rien n’est envoyé',
      );
      return new Promise<SqlResult>(() => {});
    }
    const query = this.sql.executeSql(text, values);
    this.inFlight.add(query);
    const done = () => this.inFlight.delete(query);
    query.then(done, done);
    return query;
  }

  /** After pg-boss's stop: nothing more is sent, and what was sent has been answered. */
  async shutAfterStop(): Promise<void> {
    this.shut = true;
    await Promise.allSettled([...this.inFlight]);
  }
}
