import { MESSAGES } from '@facturo/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rateLimitBuckets } from '../db/schema.js';
import type { Db, DbOrTx, Tx } from '../db/types.js';
import { type Clock, DAY_MS, HOUR_MS } from './clock.js';
import { AppError } from './errors.js';
import { KeyedQueue } from './keyed-queue.js';
import { rateLimited } from './rate-limit.js';

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;

/**
 * Failures in a row, with back-off: the first `freeFailures` cost nothing, then each one locks the key
 * for `firstLockMs`, doubled at every further failure up to `maxLockMs`. A streak is forgotten after
 * `forgetAfterMs` without a failure (longer than the longest lock, so waiting a lock out never resets it).
 */
export interface BackoffRule {
  name: string;
  freeFailures: number;
  firstLockMs: number;
  maxLockMs: number;
  forgetAfterMs: number;
}

/**
 * Password guessing (OWASP authentication cheat sheet, « Blocking brute force attacks »): only failed
 * attempts count. A device that signed in to the account before (its device cookie, device-cookie.ts)
 * has a streak of its own and nothing else; every other attempt counts per (address, IP), per IP and
 * per account, and past a threshold the account takes no sign-in from an unknown device until its
 * owner follows the e-mailed unlock link. Strangers can then stop guessing, but not lock the owner out
 * of the devices they use.
 */
export const LOGIN_THROTTLE = {
  /** One client guessing one account's password; the owner's correct password resets it. */
  pair: {
    name: 'login-fail:pair',
    freeFailures: 5,
    firstLockMs: MINUTE_MS,
    maxLockMs: HOUR_MS,
    forgetAfterMs: DAY_MS,
  },
  /** One client trying many accounts (credential stuffing); room for an office behind one address. */
  ip: {
    name: 'login-fail:ip',
    freeFailures: 30,
    firstLockMs: MINUTE_MS,
    maxLockMs: 15 * MINUTE_MS,
    forgetAfterMs: HOUR_MS,
  },
  /**
   * Many clients guessing one account's password from devices it does not know: short delays that
   * grow, then, at `unlockAfter` failures, the e-mailed unlock link (or a password reset).
   */
  account: {
    name: 'login-fail:account',
    freeFailures: 10,
    firstLockMs: SECOND_MS,
    maxLockMs: MINUTE_MS,
    forgetAfterMs: DAY_MS,
    unlockAfter: 50,
  },
  /** A known device mistyping, or someone who took it: as a pair, but per cookie. */
  device: {
    name: 'login-fail:device',
    freeFailures: 5,
    firstLockMs: MINUTE_MS,
    maxLockMs: HOUR_MS,
    forgetAfterMs: DAY_MS,
  },
} satisfies {
  pair: BackoffRule;
  ip: BackoffRule;
  account: BackoffRule & { unlockAfter: number };
  device: BackoffRule;
};

/** Worded alike for every address, known or not: it must not tell which has an account. */
export const unlockRequired = () => new AppError(403, 'unlock_required', MESSAGES.unlockRequired);

export function isUnlockRequired(error: unknown): boolean {
  return error instanceof AppError && error.errorType === 'unlock_required';
}

/**
 * A streak is one row of rate_limit_buckets with this window_start: `hits` counts its failures and
 * `expires_at` is when it is forgotten, so the last failure was `forgetAfterMs` before it.
 */
const STREAK = new Date(0);

/** The row of an account's failures from unknown devices (the e2e launcher seeds one). */
export const accountStreakKey = (email: string) => `${LOGIN_THROTTLE.account.name}:${email}`;

interface Row {
  key: string;
  hits: number;
  expiresAt: Date;
}

interface Streak {
  key: string;
  rule: BackoffRule;
  /** The owner's correct password ends it (pair, device); otherwise it only takes its own failure back. */
  endsOnSuccess: boolean;
}

/** What one attempt wrote, to take it back if the password proves right. */
interface StreakWrite {
  key: string;
  /** The streak's end before this attempt (null: there was none, or it was over). */
  before: Date | null;
  written: Date;
}

export interface LoginAttempt {
  /** The password was right: the attempt was no failure after all. */
  succeeded(): Promise<void>;
}

/**
 * Login throttling, in the same PostgreSQL table as the other rate limits so that every replica
 * enforces it. An attempt is counted as a failure before the password is checked and taken back
 * when it proves right: parallel guesses cannot all slip in before the first one is counted.
 */
export class LoginThrottle {
  /**
   * Attempts on the same key queue here, in memory, before they take a database connection. They
   * would queue anyway, on the rows' locks, but each one waiting there holds a pooled connection: a
   * dozen simultaneous guesses then filled the pool with lock waiters, the others waited for a
   * connection behind them, and on a loaded machine some passed the pool's connection timeout (5 s)
   * and failed with a 500 instead of their 429 — while every other request of the replica waited for a
   * connection too. Now at most one attempt per key and replica holds a connection; the row locks
   * still order attempts across replicas.
   */
  private readonly queue = new KeyedQueue();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scale: number,
  ) {}

  /**
   * Refuses while a streak of this attempt is locked (429, saying when to try again), or, from a device
   * the account does not know, while the account waits for its unlock link (403 unlock_required).
   * `deviceId`: the attempt comes from a device that signed in to this very account before.
   */
  async begin(email: string, ip: string, deviceId?: string): Promise<LoginAttempt> {
    const { pair, ip: byIp, account, device } = LOGIN_THROTTLE;
    const streaks: Streak[] = deviceId
      ? [{ key: `${device.name}:${deviceId}`, rule: device, endsOnSuccess: true }]
      : [
          { key: `${pair.name}:${email}:${ip}`, rule: pair, endsOnSuccess: true },
          { key: `${byIp.name}:${ip}`, rule: byIp, endsOnSuccess: false },
          { key: accountStreakKey(email), rule: account, endsOnSuccess: false },
        ];
    const now = this.clock.now();
    const writes = await this.queue.run(
      streaks.map((streak) => streak.key),
      () =>
        this.db.transaction(async (tx) => {
          const rows = await this.lockRows(
            tx,
            streaks.map((streak) => streak.key),
            now,
          );
          const find = (key: string) => rows.find((row) => row.key === key);
          if (!deviceId && this.waitsForUnlock(find(accountStreakKey(email)), now)) throw unlockRequired();
          const lockedUntil = streaks
            .map((streak) => this.streakLockedUntil(streak.rule, find(streak.key), now))
            .filter((until): until is Date => until !== null && until > now);
          if (lockedUntil.length > 0) {
            const until = Math.max(...lockedUntil.map((d) => d.getTime()));
            throw rateLimited((until - now.getTime()) / 1000);
          }
          const written: StreakWrite[] = [];
          for (const streak of streaks) {
            written.push(await this.countFailure(tx, streak, find(streak.key), now));
          }
          return written;
        }),
    );
    return {
      succeeded: async () => {
        for (const [i, streak] of streaks.entries()) {
          const write = writes[i];
          if (streak.endsOnSuccess) {
            await this.db
              .delete(rateLimitBuckets)
              .where(and(eq(rateLimitBuckets.key, streak.key), eq(rateLimitBuckets.windowStart, STREAK)));
          } else if (write) {
            // Not a reset: a client that holds one account must not clear its failures on the others,
            // nor the owner those of strangers on their account.
            await this.takeBackFailure(write, now);
          }
        }
      },
    };
  }

  /** The unlock link was followed (or the password reset): unknown devices may sign in again. */
  async forgiveAccount(db: DbOrTx, email: string): Promise<void> {
    await db
      .delete(rateLimitBuckets)
      .where(
        and(eq(rateLimitBuckets.key, accountStreakKey(email)), eq(rateLimitBuckets.windowStart, STREAK)),
      );
  }

  /**
   * The rows of this attempt, locked until the transaction ends so that concurrent attempts queue and
   * each sees the failures counted before it. Missing rows are created empty first: there would be
   * nothing to lock, and simultaneous first guesses would all pass.
   */
  private async lockRows(tx: Tx, keys: string[], now: Date): Promise<Row[]> {
    await tx
      .insert(rateLimitBuckets)
      .values(keys.map((key) => ({ key, windowStart: STREAK, hits: 0, expiresAt: now })))
      .onConflictDoNothing();
    return (
      tx
        .select({
          key: rateLimitBuckets.key,
          hits: rateLimitBuckets.hits,
          expiresAt: rateLimitBuckets.expiresAt,
        })
        .from(rateLimitBuckets)
        .where(and(inArray(rateLimitBuckets.key, keys), eq(rateLimitBuckets.windowStart, STREAK)))
        // Locked in one order by every attempt (replicas included), so two never wait on each other.
        .orderBy(rateLimitBuckets.key)
        .for('update')
    );
  }

  private scaled(count: number): number {
    return Math.ceil(count * this.scale);
  }

  private waitsForUnlock(row: Row | undefined, now: Date): boolean {
    return !!row && row.expiresAt > now && row.hits >= this.scaled(LOGIN_THROTTLE.account.unlockAfter);
  }

  /** Null when the streak has not used its free failures, or is over. */
  private streakLockedUntil(rule: BackoffRule, row: Row | undefined, now: Date): Date | null {
    if (!row || row.expiresAt <= now) return null;
    const over = row.hits - this.scaled(rule.freeFailures);
    if (over < 0) return null;
    const lockMs = Math.min(rule.firstLockMs * 2 ** over, rule.maxLockMs);
    const lastFailure = row.expiresAt.getTime() - rule.forgetAfterMs;
    return new Date(lastFailure + lockMs);
  }

  private async countFailure(tx: Tx, streak: Streak, row: Row | undefined, now: Date): Promise<StreakWrite> {
    const written = new Date(now.getTime() + streak.rule.forgetAfterMs);
    await tx
      .insert(rateLimitBuckets)
      .values({ key: streak.key, windowStart: STREAK, hits: 1, expiresAt: written })
      .onConflictDoUpdate({
        target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
        set: {
          // A streak that is over starts again (the maintenance job may not have removed it yet).
          hits: sql`case when ${rateLimitBuckets.expiresAt} <= ${now} then 1 else ${rateLimitBuckets.hits} + 1 end`,
          expiresAt: written,
        },
      });
    return { key: streak.key, before: row && row.expiresAt > now ? row.expiresAt : null, written };
  }

  /**
   * One failure fewer, and the streak's last failure back to what it was unless another failure came
   * since: a success must not make a streak look fresh, which would lock it again.
   */
  private async takeBackFailure(write: StreakWrite, now: Date): Promise<void> {
    const restored = write.before ?? now;
    await this.db
      .update(rateLimitBuckets)
      .set({
        hits: sql`greatest(${rateLimitBuckets.hits} - 1, 0)`,
        expiresAt: sql`case when ${rateLimitBuckets.expiresAt} = ${write.written} then ${restored} else ${rateLimitBuckets.expiresAt} end`,
      })
      .where(and(eq(rateLimitBuckets.key, write.key), eq(rateLimitBuckets.windowStart, STREAK)));
  }
}
