import { type Company, companySchema } from '@facturo/shared';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { companySearchCache } from '../../db/schema.js';
import type { Db } from '../../db/types.js';

/** The directory changes slowly (a move, a new name): a day's answer is fresh enough for a form. */
export const COMPANY_SEARCH_CACHE_MS = 24 * 60 * 60 * 1000;

const cachedSchema = z.array(companySchema);

/** The answer stored for this key less than a day before `now`, or null. */
export async function cachedCompanies(db: Db, key: string, now: Date): Promise<Company[] | null> {
  const [row] = await db
    .select({ response: companySearchCache.response })
    .from(companySearchCache)
    .where(
      and(
        eq(companySearchCache.queryKey, key),
        gt(companySearchCache.fetchedAt, new Date(now.getTime() - COMPANY_SEARCH_CACHE_MS)),
      ),
    );
  if (!row) return null;
  // A row written by an older shape is a miss, not an error.
  const parsed = cachedSchema.safeParse(row.response);
  return parsed.success ? parsed.data : null;
}

export async function storeCompanies(db: Db, key: string, companies: Company[], now: Date): Promise<void> {
  await db
    .insert(companySearchCache)
    .values({ queryKey: key, response: companies, fetchedAt: now })
    .onConflictDoUpdate({
      target: companySearchCache.queryKey,
      set: { response: companies, fetchedAt: now },
    });
}
