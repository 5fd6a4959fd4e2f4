import {
  applicableThreshold,
  centsToEuros,
  FRANCHISE_EXPLANATIONS,
  type FranchiseStatus,
  franchiseLevel,
  franchiseThresholds,
} from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { parisDate } from '../../lib/paris-date.js';
import { findLegalMentions } from '../legal-mentions/legal-mentions.repo.js';
import { yearRevenueHtCents } from './franchise.repo.js';
import { assertProfessional } from './professional-guard.js';

/**
 * GET /users/me/franchise: this year's revenue (the year in Paris) against the franchise thresholds in force
 * that year, the threshold being the goods' or the services' one by the nature of the issuer's operations.
 */
export async function franchiseStatus(ctx: AppContext, user: UserRow): Promise<FranchiseStatus> {
  assertProfessional(user, 'suivre le seuil de la franchise de TVA');
  const year = Number(parisDate(ctx.clock.now()).slice(0, 4));
  const [revenueCents, mentions] = await Promise.all([
    yearRevenueHtCents(ctx.db, user.id, year),
    findLegalMentions(ctx.db, user.id),
  ]);
  const thresholds = franchiseThresholds(year);
  const { seuilCents, seuilMajoreCents } = applicableThreshold(
    thresholds,
    mentions?.natureOperation ?? 'services',
  );
  const niveau = franchiseLevel(revenueCents, seuilCents, seuilMajoreCents);
  return {
    annee: year,
    chiffreAffairesHT: centsToEuros(revenueCents),
    seuil: centsToEuros(seuilCents),
    seuilMajore: centsToEuros(seuilMajoreCents),
    ratio: Number((revenueCents / seuilCents).toFixed(4)),
    niveau,
    explication: FRANCHISE_EXPLANATIONS[niveau],
    source: thresholds.source,
    enFranchise: user.regimeTva === 'franchise',
  };
}
