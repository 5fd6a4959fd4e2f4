import { type CompanySearchResult, companySearchKey } from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { assertProfessional } from '../users/professional-guard.js';
import { searchDirectory } from './company-directory.js';
import { cachedCompanies, storeCompanies } from './company-search-cache.js';

/** Issue 19: finds companies for the client form, from the cache or the public directory. */
export async function searchCompanies(
  ctx: AppContext,
  user: UserRow,
  q: string,
): Promise<CompanySearchResult> {
  assertProfessional(user, 'rechercher une entreprise');
  // Counted before the cache: the limit protects the directory's quota and our database alike.
  await ctx.rateLimiter.hit([{ rule: RATE_LIMITS.companySearchByUser, key: user.id }]);
  const key = companySearchKey(q);
  const now = ctx.clock.now();
  const cached = await cachedCompanies(ctx.db, key, now);
  if (cached) return { entreprises: cached };
  const entreprises = await searchDirectory(ctx.config.companySearchUrl, key);
  await storeCompanies(ctx.db, key, entreprises, now);
  return { entreprises };
}
