import {
  isLifecycleCode,
  lifecycleLabel,
  type UnmatchedStatus,
  unmatchedStatusesQuerySchema,
  unmatchedStatusListSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { isoMillis, pageOf, readCursor, sendPage } from '../../lib/keyset-page.js';
import {
  countUnmatchedStatuses,
  type UnmatchedStatusEntry,
  unmatchedStatusPage,
} from '../einvoicing/lifecycle/unmatched-statuses.repo.js';

const LIST = 'statuts-non-rattaches';

/**
 * The statuses platforms delivered that matched no document of the receiving account, newest first: what
 * the admin reads to see a misrouted or forged status (applied to nothing). The admin guard
 * (admin.routes.ts) runs before it.
 */
export function adminUnmatchedStatusesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/statuts-non-rattaches',
      {
        schema: {
          querystring: unmatchedStatusesQuerySchema,
          response: { 200: unmatchedStatusListSchema },
        },
      },
      async (request, reply) => {
        const { limit, cursor } = request.query;
        const after = readCursor(LIST, cursor, ['instant', 'uuid'] as const);
        const [rows, total] = await Promise.all([
          unmatchedStatusPage(ctx.db, after, limit + 1),
          countUnmatchedStatuses(ctx.db),
        ]);
        const page = pageOf(rows, { limit, total, list: LIST, keyOf: (row) => row.key });
        return sendPage(reply, { ...page, items: page.items.map(presentUnmatchedStatus) });
      },
    );
  };
}

function presentUnmatchedStatus({ status, account, key }: UnmatchedStatusEntry): UnmatchedStatus {
  const code = status.statusCode;
  return {
    _id: status.id,
    recuLe: isoMillis(key[0]),
    compte: account
      ? { _id: account.id, email: account.email, nom: `${account.prenom} ${account.nom}`.trim() }
      : null,
    fluxId: status.flowId,
    codeStatut: code,
    libelleStatut: code !== null && isLifecycleCode(code) ? lifecycleLabel(code) : null,
    numeroFacture: status.invoiceNumero,
    sirenVendeur: status.sellerSiren,
    sirenAcheteur: status.buyerSiren,
    motif: status.reason,
  };
}
