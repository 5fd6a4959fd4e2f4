import type { LifeFilter, LifeSide } from '@facturo/shared';
import { type SQL, sql } from 'drizzle-orm';
import { creditedCentsSql } from '../payments/amount-due.sql.js';

/**
 * The SQL twin of packages/shared document-life.ts, for filters and counts over many invoices: the same
 * state, by the same precedence. `alias` is the invoices table's alias in the caller's query (a fixed
 * identifier of the code, never user input); `credited` the credit notes' total of that row (by default
 * the correlated subquery of amount-due.sql.ts; a caller that joined it laterally passes its column).
 */
export interface LifeSqlOptions {
  credited?: SQL;
}

function parts(alias: string, options: LifeSqlOptions = {}) {
  const d = sql.raw(alias);
  const credited = options.credited ?? creditedCentsSql(alias);
  const cancelled = sql`(${d}.issuer_status = 'annulee' or (${d}.type <> 'avoir' and ${credited} > 0
    and ${credited} >= ${d}.total_ttc_cents - ${d}.prepaid_cents))`;
  const remaining = sql`greatest(0, ${d}.total_ttc_cents - ${d}.prepaid_cents - ${credited} - ${d}.paid_cents)`;
  const issued = sql`(${d}.issued_at is not null)`;
  const paid = sql`(not ${cancelled} and ${d}.type <> 'avoir' and ${issued}
    and (${d}.issuer_status = 'payee' or ${remaining} = 0))`;
  const open = sql`(${issued} and not ${cancelled} and not ${paid} and ${d}.type <> 'avoir')`;
  return { d, cancelled, remaining, issued, paid, open };
}

/** « Émise » (DESIGN §5): what the FEC, the dashboard, the franchise gauge and the archive count. */
export function issuedSql(alias: string): SQL {
  return sql`(${sql.raw(alias)}.issued_at is not null)`;
}

/** The row's LifeState for one side, as documentLife() says it. */
export function lifeStateSql(alias: string, side: LifeSide, options: LifeSqlOptions = {}): SQL {
  const { d, cancelled, issued, paid } = parts(alias, options);
  const sent = side === 'destinataire' ? sql`'non_vue'` : sql`'envoyee'`;
  return sql`(case
    when ${cancelled} then 'annulee'
    when not ${issued} then (case when ${d}.issuer_status = 'brouillon' then 'brouillon' else 'creee' end)
    when ${d}.type = 'avoir' then 'emis'
    when ${paid} then 'payee'
    when ${d}.dispute = 'rejetee' then 'rejetee'
    when ${d}.dispute = 'refusee' then 'refusee'
    when ${d}.dispute = 'litige' then 'contestee'
    when ${d}.declared_cents > 0 then 'paiement_signale'
    when ${d}.paid_cents > 0 then 'partiellement_payee'
    when ${d}.viewed_at is not null then 'vue'
    else ${sent} end)`;
}

/** Open (issued, neither paid nor cancelled) and not fully paid: what reminders and « en retard » consider. */
export function openSql(alias: string, options: LifeSqlOptions = {}): SQL {
  const { open, remaining } = parts(alias, options);
  return sql`(${open} and ${remaining} > 0)`;
}

/** May be reminded: open, something still due, no objection recorded (documentLife().relancable). */
export function remindableSql(alias: string, options: LifeSqlOptions = {}): SQL {
  const { d } = parts(alias, options);
  return sql`(${openSql(alias, options)} and ${d}.dispute is null)`;
}

/** The rows a list filter keeps (lifeMatchesFilter); `today` is the Paris day (YYYY-MM-DD). */
export function lifeFilterSql(
  alias: string,
  side: LifeSide,
  filter: LifeFilter | null,
  today: string,
  options: LifeSqlOptions = {},
): SQL {
  const { d, open, remaining } = parts(alias, options);
  const state = lifeStateSql(alias, side, options);
  switch (filter) {
    case null:
      // Every row but a number cancelled before any issue (a deleted draft): an issued invoice a credit note
      // cancelled stays beside its credit note, so the list's sum nets them (lifeMatchesFilter).
      return sql`(${state} <> 'annulee' or ${d}.issued_at is not null)`;
    case 'brouillon':
      return sql`(${state} in ('creee', 'brouillon'))`;
    case 'envoyee':
      return sql`(${state} in ('envoyee', 'non_vue', 'vue', 'paiement_signale', 'partiellement_payee', 'emis'))`;
    case 'partiellement_payee':
      return sql`(${open} and ${d}.paid_cents > 0)`;
    case 'contestee':
      return sql`(${open} and ${d}.dispute is not null)`;
    case 'en_retard':
      return sql`(${open} and ${remaining} > 0 and ${d}.date_echeance < ${today}::date)`;
    case 'payee':
      return sql`(${state} = 'payee')`;
    case 'annulee':
      return sql`(${state} = 'annulee')`;
  }
}
