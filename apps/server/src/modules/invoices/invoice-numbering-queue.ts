import { SERIES_OF } from '@facturo/shared';
import type { InvoiceRow } from '../../db/schema.js';
import type { Db } from '../../db/types.js';
import {
  insertNumberedInvoice,
  insertNumberedInvoices,
  type UnnumberedInvoice,
} from './invoice-creation.repo.js';

/** Bound on one statement's rows (and its parameters: ~35 a row, PostgreSQL allows 65,535). */
const MAX_BATCH = 100;

interface Waiting {
  values: UnnumberedInvoice;
  /** The request's clock, for the journal entry written with the number. */
  at: Date;
  resolve(row: InvoiceRow): void;
  reject(error: unknown): void;
}

/**
 * Numbered inserts of one issuer and series go to PostgreSQL one statement at a time from this replica.
 * Each statement holds the issuer's counter row until its commit is on disk, so that issuer's creations
 * are serialised there anyway, one fsync each (issue 16: one issuer topped out near 1/fsync). Those that
 * arrive meanwhile wait here, and go together in the next statement: one lock, one commit for all of them.
 * The numbering stays PostgreSQL's (no gap, no duplicate, across replicas too); only the wait moves.
 */
class NumberingQueue {
  /** Per issuer, series and year with a statement in flight: the creations waiting for it to end. */
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(private readonly db: Db) {}

  async insert(values: UnnumberedInvoice, year: number, at: Date): Promise<InvoiceRow> {
    const key = `${values.issuerId} ${SERIES_OF[values.type ?? 'facture']} ${year}`;
    const queue = this.waiting.get(key);
    if (queue) return new Promise((resolve, reject) => queue.push({ values, at, resolve, reject }));
    this.waiting.set(key, []);
    try {
      return await insertNumberedInvoice(this.db, values, year, at);
    } finally {
      this.next(key, year);
    }
  }

  /** Sends what waited for the statement that just ended, or forgets the key when nothing did. */
  private next(key: string, year: number): void {
    const queue = this.waiting.get(key) ?? [];
    if (queue.length === 0) {
      this.waiting.delete(key);
      return;
    }
    const batch = queue.splice(0, MAX_BATCH);
    void this.send(batch, year).finally(() => this.next(key, year));
  }

  private async send(batch: Waiting[], year: number): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      await insertNumberedInvoice(this.db, only.values, year, only.at).then(only.resolve, only.reject);
      return;
    }
    let rows: InvoiceRow[];
    try {
      rows = await insertNumberedInvoices(
        this.db,
        batch.map(({ values, at }) => ({ values, at })),
        year,
      );
    } catch {
      // The statement took no number. Each one again on its own, so each gets its own answer (one
      // invoice refused by a constraint must not fail the others).
      await Promise.all(
        batch.map((w) => insertNumberedInvoice(this.db, w.values, year, w.at).then(w.resolve, w.reject)),
      );
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(rows[i]!);
  }
}

const queues = new WeakMap<Db, NumberingQueue>();

/**
 * insertNumberedInvoice, with the creations of one issuer that arrive while one of theirs is being
 * written grouped into the next statement.
 */
export function insertNumberedInvoiceQueued(
  db: Db,
  values: UnnumberedInvoice,
  year: number,
  at: Date = new Date(),
): Promise<InvoiceRow> {
  let queue = queues.get(db);
  if (!queue) {
    queue = new NumberingQueue(db);
    queues.set(db, queue);
  }
  return queue.insert(values, year, at);
}
