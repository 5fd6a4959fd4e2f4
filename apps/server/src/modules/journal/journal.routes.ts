import { journalSealPeriodSchema, journalSealSchema, journalVerificationSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { assertProfessional } from '../users/professional-guard.js';
import { listSeals, sealFile } from './journal-seals.js';
import { verifyJournal } from './journal-verification.js';

/**
 * The journal's verification, the monthly seals' list and each seal's download, a month's or a day's
 * (professionals).
 */
export function journalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get(
      '/journal/verification',
      { schema: { response: { 200: journalVerificationSchema } } },
      async (request) => {
        const user = currentUser(request);
        assertProfessional(user, 'consulter votre registre');
        return verifyJournal(ctx.db, user.id);
      },
    );
    app.get(
      '/journal/sceaux',
      { schema: { response: { 200: z.array(journalSealSchema) } } },
      async (request) => {
        const user = currentUser(request);
        assertProfessional(user, 'consulter votre registre');
        return listSeals(ctx.db, user.id);
      },
    );
    app.get(
      '/journal/sceaux/:periode',
      { schema: { params: z.object({ periode: journalSealPeriodSchema }) } },
      async (request, reply) => {
        const user = currentUser(request);
        assertProfessional(user, 'télécharger un sceau du registre');
        const { periode } = request.params;
        const file = await sealFile(ctx.db, user.id, periode);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="sceau-registre-${periode}.json"`)
          .send(`${JSON.stringify(file, null, 2)}\n`);
      },
    );
  };
}
