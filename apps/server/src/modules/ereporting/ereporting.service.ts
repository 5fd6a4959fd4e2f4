import {
  EREPORTING_FIRST_MONTH,
  EREPORTING_MESSAGES,
  type EreportingDetail,
  type EreportingPeriod,
  type EreportingPeriodBounds,
  type EreportingState,
  ereportingPeriodBounds,
  ereportingPeriodCodeSchema,
  ereportingPeriodicity,
  ereportingPeriods,
  isEreportingPeriodStart,
} from '@facturo/shared';
import type { AppContext } from '../../context.js';
import { ereportingSubmissions, type UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { parisDate } from '../../lib/paris-date.js';
import { queueSubmission } from '../einvoicing/platform/submission.js';
import { assertProfessional } from '../users/professional-guard.js';
import {
  firstSaleDay,
  invoicesIssuedBetween,
  paymentsReceivedBetween,
  type SubmissionWithFlow,
  submissionsOf,
} from './ereporting.repo.js';
import { ereportingData } from './ereporting-data.js';

const ACTION = 'préparer l’e-reporting';

const alreadySubmitted = () => new AppError(409, 'conflict', EREPORTING_MESSAGES.alreadySubmitted);

/** The state shown: the platform flow's once submitted (a failed submission counts as rejected). */
function stateOf(period: EreportingPeriodBounds, today: string, submission: SubmissionWithFlow | undefined) {
  if (submission) {
    const flow = submission.flowState;
    if (flow === 'deposee' || flow === 'recue') return 'deposee';
    if (flow === 'rejetee' || flow === 'echec') return 'rejetee';
    return 'a_envoyer';
  }
  return period.fin < today ? 'a_soumettre' : 'en_cours';
}

/** Issue 19: the e-reporting periods of a professional, their data for review, and their submission. */
export class EreportingService {
  constructor(private readonly ctx: AppContext) {}

  async periods(user: UserRow): Promise<{ periodes: EreportingPeriod[] }> {
    assertProfessional(user, ACTION);
    const today = parisDate(this.ctx.clock.now());
    const periods = ereportingPeriods(today, user.regimeTva, await firstSaleDay(this.ctx.db, user.id));
    const oldest = periods.at(-1);
    const newest = periods[0];
    if (!oldest || !newest) return { periodes: [] };
    const [issued, received, submissions] = await Promise.all([
      invoicesIssuedBetween(this.ctx.db, user.id, oldest.debut, newest.fin),
      paymentsReceivedBetween(this.ctx.db, user.id, oldest.debut, newest.fin),
      submissionsOf(
        this.ctx.db,
        user.id,
        periods.map((p) => p.debut),
      ),
    ]);
    return {
      periodes: periods.map((period) => {
        const inPeriod = (day: string) => day >= period.debut && day <= period.fin;
        const data = ereportingData(
          user,
          period,
          issued.filter((invoice) => inPeriod(invoice.dateEmission)),
          received.filter((payment) => inPeriod(payment.datePaiement)),
        );
        const submission = submissions.find((s) => s.periodStart === period.debut);
        return this.present(
          period,
          user,
          today,
          submission,
          data.transactions.factures.length,
          data.paiements.liste.length,
        );
      }),
    };
  }

  async detail(user: UserRow, code: string): Promise<EreportingDetail> {
    assertProfessional(user, ACTION);
    const period = this.checkedPeriod(user, code);
    const today = parisDate(this.ctx.clock.now());
    const [issued, received, [submission]] = await Promise.all([
      invoicesIssuedBetween(this.ctx.db, user.id, period.debut, period.fin),
      paymentsReceivedBetween(this.ctx.db, user.id, period.debut, period.fin),
      submissionsOf(this.ctx.db, user.id, [period.debut]),
    ]);
    const donnees = ereportingData(user, period, issued, received);
    return {
      periode: this.present(
        period,
        user,
        today,
        submission,
        donnees.transactions.factures.length,
        donnees.paiements.liste.length,
      ),
      donnees,
    };
  }

  /**
   * Writes the submission and queues its flow for the platform in one transaction: both or neither. The
   * data are computed inside it, so what is stored is exactly what is sent.
   */
  async submit(user: UserRow, code: string): Promise<EreportingDetail> {
    assertProfessional(user, ACTION);
    const period = this.checkedPeriod(user, code);
    const today = parisDate(this.ctx.clock.now());
    if (period.fin >= today) throw new AppError(409, 'conflict', EREPORTING_MESSAGES.notEnded);
    try {
      await this.ctx.db.transaction(async (tx) => {
        const [existing] = await submissionsOf(tx, user.id, [period.debut]);
        if (existing) throw alreadySubmitted();
        const data = ereportingData(
          user,
          period,
          await invoicesIssuedBetween(tx, user.id, period.debut, period.fin),
          await paymentsReceivedBetween(tx, user.id, period.debut, period.fin),
        );
        const content = Buffer.from(JSON.stringify(data), 'utf8');
        const flow = await queueSubmission(
          tx,
          {
            userId: user.id,
            kind: 'ereporting',
            syntax: 'FRR',
            ...(data.flux.regleTraitement ? { processingRule: data.flux.regleTraitement } : {}),
            fileName: `e-reporting-${period.code}.json`,
            content,
          },
          this.ctx.platformJobs,
        );
        await tx.insert(ereportingSubmissions).values({
          userId: user.id,
          periodStart: period.debut,
          periodEnd: period.fin,
          data,
          sha256: flow.sha256,
          flowId: flow.id,
          submittedAt: this.ctx.clock.now(),
        });
      });
    } catch (error) {
      // Two submissions at once: the unique (user, period) index lets one through.
      if (isUniqueViolation(error)) throw alreadySubmitted();
      throw error;
    }
    return this.detail(user, code);
  }

  private checkedPeriod(user: UserRow, code: string): EreportingPeriodBounds {
    const parsed = ereportingPeriodCodeSchema.safeParse(code);
    if (!parsed.success) throw badRequest(EREPORTING_MESSAGES.badPeriod);
    if (!isEreportingPeriodStart(code, user.regimeTva)) throw badRequest(EREPORTING_MESSAGES.notAPeriodStart);
    const period = ereportingPeriodBounds(code, user.regimeTva);
    if (period.fin.slice(0, 7) < EREPORTING_FIRST_MONTH) throw badRequest(EREPORTING_MESSAGES.tooEarly);
    return period;
  }

  private present(
    period: EreportingPeriodBounds,
    user: UserRow,
    today: string,
    submission: SubmissionWithFlow | undefined,
    nombreTransactions: number,
    nombrePaiements: number,
  ): EreportingPeriod {
    const etat: EreportingState = stateOf(period, today, submission);
    return {
      ...period,
      periodicite: ereportingPeriodicity(user.regimeTva).label,
      etat,
      nombreTransactions,
      nombrePaiements,
      soumisLe: submission ? submission.submittedAt.toISOString() : null,
    };
  }
}
