import {
  type AdminStats,
  EXPIRING_SOON_DAYS,
  EXPIRING_SOON_MAX,
  PLANS,
  ROLES,
  type TrialStats,
  type UsageOverview,
  type UsageStats,
} from '@facturo/shared';
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clients, invoices, loginEvents, users } from '../../db/schema.js';
import { DAY_MS } from '../../lib/clock.js';
import { parisDate } from '../../lib/paris-date.js';
import { registeredAccount, usageSeries } from './admin-usage.repo.js';

const n = sql<number>;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
/** A paid plan the user pays for: an admin's grant is no conversion. */
const convertedSql = sql`${users.plan} in ('premium', 'business') and not ${users.planGrantedByAdmin}`;

/** The admin's figures (SPEC §3, §7): computed in SQL over the whole database, counts cast to int. */
export class AdminStatsService {
  constructor(private readonly ctx: AppContext) {}

  async stats(): Promise<AdminStats> {
    const [row] = await this.ctx.db
      .select({
        totalRegistrations: n`(select count(*)::int from ${users} where ${registeredAccount})`,
        totalFactures: n`(select count(*)::int from ${invoices})`,
        totalClients: n`(select count(*)::int from ${clients})`,
        totalLogins: n`(select count(*)::int from ${loginEvents})`,
      })
      .from(sql`(select 1) as one`);
    return row ?? { totalRegistrations: 0, totalFactures: 0, totalClients: 0, totalLogins: 0 };
  }

  /** Every account that was given a trial (open ones); « today » is the Paris calendar day. */
  async trialStats(): Promise<TrialStats> {
    const now = this.ctx.clock.now();
    const today = parisDate(now);
    const running = and(eq(users.plan, 'essai'), gt(users.trialEndsAt, now));
    const [counts] = await this.ctx.db
      .select({
        totalEssais: n`count(*)::int`,
        essaisActifs: n`(count(*) filter (where ${running}))::int`,
        essaisExpires: n`(count(*) filter (where ${users.trialEndsAt} <= ${now}))::int`,
        expiresAujourdhui: n`(count(*) filter (where ${running} and to_char(${users.trialEndsAt} at time zone 'Europe/Paris', 'YYYY-MM-DD') = ${today}))::int`,
        convertis: n`(count(*) filter (where ${convertedSql}))::int`,
      })
      .from(users)
      .where(and(isNotNull(users.trialEndsAt), isNull(users.deletedAt)));
    const soon = await this.ctx.db
      .select({
        id: users.id,
        nom: users.nom,
        prenom: users.prenom,
        email: users.email,
        end: users.trialEndsAt,
      })
      .from(users)
      .where(
        and(
          running,
          lte(users.trialEndsAt, new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS)),
          isNull(users.deletedAt),
        ),
      )
      .orderBy(asc(users.trialEndsAt))
      .limit(EXPIRING_SOON_MAX);
    const c = counts ?? {
      totalEssais: 0,
      essaisActifs: 0,
      essaisExpires: 0,
      expiresAujourdhui: 0,
      convertis: 0,
    };
    return {
      totalEssais: c.totalEssais,
      essaisActifs: c.essaisActifs,
      essaisExpires: c.essaisExpires,
      expiresAujourdhui: c.expiresAujourdhui,
      tauxConversion: percent(c.convertis, c.totalEssais),
      expirentBientot: soon.map((u) => ({
        _id: u.id,
        nom: `${u.prenom} ${u.nom}`.trim(),
        email: u.email,
        joursRestants: Math.max(0, Math.ceil(((u.end?.getTime() ?? 0) - now.getTime()) / DAY_MS)),
      })),
    };
  }

  async usageStats(): Promise<UsageStats> {
    const now = this.ctx.clock.now();
    const open = isNull(users.deletedAt);
    const [byPlan, byRole, [totals]] = await Promise.all([
      this.ctx.db
        .select({ key: users.plan, n: n`count(*)::int` })
        .from(users)
        .where(open)
        .groupBy(users.plan),
      this.ctx.db
        .select({ key: users.role, n: n`count(*)::int` })
        .from(users)
        .where(open)
        .groupBy(users.role),
      this.ctx.db
        .select({
          bannis: n`(count(*) filter (where ${users.isBanned} and ${users.deletedAt} is null))::int`,
          comptesFermes: n`(count(*) filter (where ${users.deletedAt} is not null))::int`,
          // A trial is over once its end has passed, or once the user paid before it.
          essaisTermines: n`(count(*) filter (where ${users.deletedAt} is null and ${users.trialEndsAt} is not null and (${users.trialEndsAt} <= ${now} or ${convertedSql})))::int`,
          convertis: n`(count(*) filter (where ${users.deletedAt} is null and ${users.trialEndsAt} is not null and ${convertedSql}))::int`,
        })
        .from(users),
    ]);
    const t = totals ?? { bannis: 0, comptesFermes: 0, essaisTermines: 0, convertis: 0 };
    return {
      utilisateursParPlan: Object.fromEntries(
        PLANS.map((plan) => [plan, byPlan.find((r) => r.key === plan)?.n ?? 0]),
      ) as UsageStats['utilisateursParPlan'],
      utilisateursParRole: Object.fromEntries(
        ROLES.map((role) => [role, byRole.find((r) => r.key === role)?.n ?? 0]),
      ) as UsageStats['utilisateursParRole'],
      bannis: t.bannis,
      comptesFermes: t.comptesFermes,
      conversions: {
        essaisTermines: t.essaisTermines,
        convertis: t.convertis,
        taux: percent(t.convertis, t.essaisTermines),
      },
    };
  }

  /** The last 30 Paris days and 12 months, oldest first. */
  async usageOverview(): Promise<UsageOverview> {
    const now = this.ctx.clock.now();
    const [parJour, parMois] = await Promise.all([
      usageSeries(this.ctx.db, 'day', 30, now),
      usageSeries(this.ctx.db, 'month', 12, now),
    ]);
    return { parJour, parMois };
  }
}
