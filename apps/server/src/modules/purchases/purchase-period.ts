import { isCalendarDay, PURCHASE_MESSAGES, type PurchasePeriodQuery } from '@facturo/shared';
import { badRequest } from '../../lib/errors.js';
import { parisDate } from '../../lib/paris-date.js';

export interface PurchasePeriod {
  debut: string;
  fin: string;
}

/**
 * The period asked for (Paris calendar days, both included). Either end left out falls back to the
 * current year's: the register of the year is what is kept and shown first.
 */
export function purchasePeriod(query: PurchasePeriodQuery, now: Date): PurchasePeriod {
  const year = parisDate(now).slice(0, 4);
  const debut = query.debut || `${year}-01-01`;
  const fin = query.fin || `${year}-12-31`;
  if (!isCalendarDay(debut) || !isCalendarDay(fin)) throw badRequest(PURCHASE_MESSAGES.period);
  if (debut > fin) throw badRequest(PURCHASE_MESSAGES.periodOrder);
  return { debut, fin };
}
