import { TRIAL_DAYS } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';
import { DAY_MS } from '../../lib/clock.js';

/** The end of a trial started now (SPEC §9: 15 days, unlimited). */
export const trialEnd = (now: Date): Date => new Date(now.getTime() + TRIAL_DAYS * DAY_MS);

/**
 * A particulier who becomes a professional starts the trial exactly as a new professional does (issue 17),
 * unless they already have a plan of their own (an admin's grant) or have had a trial before.
 */
export function trialForNewProfessional(
  user: Pick<UserRow, 'role' | 'plan' | 'trialEndsAt'>,
  now: Date,
): Pick<UserRow, 'plan' | 'trialEndsAt'> | Record<string, never> {
  if (user.role !== 'particulier' || user.plan !== 'gratuit' || user.trialEndsAt !== null) return {};
  return { plan: 'essai', trialEndsAt: trialEnd(now) };
}

/**
 * Where a paid period starts for a checkout made now: at the trial's end while the trial runs (the days
 * left are kept; the first payment comes then), otherwise now.
 */
export function paidPeriodStart(user: Pick<UserRow, 'plan' | 'trialEndsAt'>, now: Date): Date {
  return user.plan === 'essai' && user.trialEndsAt && user.trialEndsAt > now ? user.trialEndsAt : now;
}
