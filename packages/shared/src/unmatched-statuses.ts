import { z } from 'zod';
import { pageQueryShape } from './pagination.js';

/**
 * Lifecycle statuses a platform delivered that matched no document of the receiving account: applied to
 * nothing, kept aside for the admin (GET /api/admin/statuts-non-rattaches, a keyset-paged list, newest
 * first; its cursor and total travel in LIST_HEADERS).
 */
export const unmatchedStatusesQuerySchema = z.object({
  limit: pageQueryShape.limit,
  cursor: pageQueryShape.cursor,
});
export type UnmatchedStatusesQuery = z.infer<typeof unmatchedStatusesQuerySchema>;

export const unmatchedStatusSchema = z.object({
  _id: z.string(),
  /** ISO instant it reached Facturo. */
  recuLe: z.string(),
  /** The account whose platform delivered it; null once that account is gone. */
  compte: z.object({ _id: z.string(), email: z.string(), nom: z.string() }).nullable(),
  fluxId: z.string().nullable(),
  codeStatut: z.number().nullable(),
  /** « 210 Refusée »…, null for a code outside XP Z12-012. */
  libelleStatut: z.string().nullable(),
  numeroFacture: z.string().nullable(),
  sirenVendeur: z.string().nullable(),
  sirenAcheteur: z.string().nullable(),
  /** Why it was applied to nothing, in French. */
  motif: z.string(),
});
export type UnmatchedStatus = z.infer<typeof unmatchedStatusSchema>;
export const unmatchedStatusListSchema = z.array(unmatchedStatusSchema);
