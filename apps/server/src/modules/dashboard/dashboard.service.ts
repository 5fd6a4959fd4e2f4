import {
  centsToEuros,
  type Dashboard,
  daysLate,
  type ParticulierDashboard,
  type ProfessionalDashboard,
  type UrssafActivity,
  type UrssafQuery,
  type UrssafSummary,
  urssafContributionCents,
  urssafPeriod,
  urssafRates,
} from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { monthStart, parisDate } from '../../lib/paris-date.js';
import { assertProfessional } from '../users/professional-guard.js';
import { updateUser } from '../users/users.repo.js';
import { collectedByMonth, type DueRow, recipientDueInvoices, recipientFigures } from './dashboard.repo.js';
import { issuerDashboardRows } from './issuer-dashboard.repo.js';

function dueView(rows: DueRow[], today: string) {
  return rows.map((row) => ({
    id: row.id,
    numero: row.numero,
    contrepartie: row.counterpart,
    dateEcheance: row.dueDate,
    resteAPayer: centsToEuros(row.remainingCents),
    joursRetard: Math.max(0, daysLate(row.dueDate, today)),
  }));
}

/** GET /tableau-de-bord and the URSSAF helper (issue 17): figures of today in Paris, by the app's clock. */
export class DashboardService {
  constructor(private readonly ctx: AppContext) {}

  private today(): string {
    return parisDate(this.ctx.clock.now());
  }

  async dashboard(user: UserRow): Promise<Dashboard> {
    return user.role === 'professionnel' ? this.professional(user) : this.particulier(user);
  }

  private async professional(user: UserRow): Promise<ProfessionalDashboard> {
    const today = this.today();
    const year = Number(today.slice(0, 4));
    const { figures, months, clients, due } = await issuerDashboardRows(this.ctx.db, user.id, {
      today,
      monthStart: monthStart(today),
      nextMonth: monthStart(today, 1),
      yearStart: `${year}-01-01`,
      nextYear: `${year + 1}-01-01`,
      // Twelve months ending with this one.
      chartFrom: monthStart(today, -11),
      chartLast: monthStart(today),
    });
    return {
      vue: 'professionnel',
      aujourdhui: today,
      encaisseMois: centsToEuros(figures.collectedMonthCents),
      encaisseAnnee: centsToEuros(figures.collectedYearCents),
      enAttente: centsToEuros(figures.outstandingCents),
      enRetard: { montant: centsToEuros(figures.overdueCents), nombre: figures.overdueCount },
      delaiMoyenJours: figures.averageDelayDays,
      mois: months.map((m) => ({
        mois: m.month,
        facture: centsToEuros(m.invoicedCents),
        encaisse: centsToEuros(m.collectedCents),
      })),
      topClients: clients.map((c) => ({
        clientId: c.clientId,
        nom: c.name,
        facture: centsToEuros(c.invoicedCents),
        enAttente: centsToEuros(c.outstandingCents),
      })),
      prochainesEcheances: dueView(due, today),
      aDesFactures: figures.hasInvoices,
    };
  }

  private async particulier(user: UserRow): Promise<ParticulierDashboard> {
    const today = this.today();
    const year = Number(today.slice(0, 4));
    const [figures, due] = await Promise.all([
      recipientFigures(this.ctx.db, user.id, {
        today,
        yearStart: `${year}-01-01`,
        nextYear: `${year + 1}-01-01`,
      }),
      recipientDueInvoices(this.ctx.db, user.id),
    ]);
    return {
      vue: 'particulier',
      aujourdhui: today,
      aPayer: centsToEuros(figures.dueCents),
      enRetard: { montant: centsToEuros(figures.overdueCents), nombre: figures.overdueCount },
      payeAnnee: centsToEuros(figures.paidYearCents),
      prochainesEcheances: dueView(due, today),
      aDesFactures: figures.hasInvoices,
    };
  }

  /**
   * GET /tableau-de-bord/urssaf: revenue collected per month and quarter of a year, and what to declare for a
   * period (the current quarter by default) with the contribution at the year's rate of the chosen activity.
   */
  async urssaf(user: UserRow, query: UrssafQuery): Promise<UrssafSummary> {
    assertProfessional(user, 'préparer votre déclaration URSSAF');
    const today = this.today();
    const year = query.annee ?? Number(today.slice(0, 4));
    const code = query.periode ?? `T${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
    const period = urssafPeriod(year, code);
    const months = await collectedByMonth(this.ctx.db, user.id, year);
    // Twelve monthly sums from SQL: a quarter or the period is the sum of a few of them.
    const sumMonths = (from: string, until: string) =>
      months.filter((m) => m.month >= from && m.month <= until).reduce((sum, m) => sum + m.cents, 0);
    const declaredCents = sumMonths(period.du.slice(0, 7), period.au.slice(0, 7));
    const activity = user.activiteUrssaf;
    const rates = urssafRates(year);
    return {
      annee: year,
      activite: activity,
      mois: months.map((m) => ({ mois: m.month, encaisse: centsToEuros(m.cents) })),
      trimestres: [1, 2, 3, 4].map((q) => {
        const p = urssafPeriod(year, `T${q}`);
        return { trimestre: q, encaisse: centsToEuros(sumMonths(p.du.slice(0, 7), p.au.slice(0, 7))) };
      }),
      periode: {
        code: period.code,
        libelle: period.libelle,
        du: period.du,
        au: period.au,
        montantADeclarer: centsToEuros(declaredCents),
      },
      cotisation: activity
        ? {
            taux: rates.basisPoints[activity] / 100,
            montant: centsToEuros(urssafContributionCents(declaredCents, rates.basisPoints[activity])),
            source: rates.source,
          }
        : null,
    };
  }

  /** PUT /tableau-de-bord/activite-urssaf: the activity the helper declares for, kept on the user. */
  async setActivity(user: UserRow, activite: UrssafActivity): Promise<{ activite: UrssafActivity }> {
    assertProfessional(user, 'préparer votre déclaration URSSAF');
    await updateUser(this.ctx.db, user.id, { activiteUrssaf: activite });
    return { activite };
  }
}
