import { journalMonthSchema, journalSealSchema, journalVerificationSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { assertProfessional } from '../users/professional-guard.js';
import { listSeals, sealFile } from './journal-seals.js';
import { verifyJournal } from './journal-verification.js';

/** Issue 18: the journal's verification, the monthly seals' list and each seal's download (professionals). */
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
      '/journal/sceaux/:mois',
      { schema: { params: z.object({ mois: journalMonthSchema }) } },
      async (request, reply) => {
        const user = currentUser(request);
        assertProfessional(user, 'télécharger un sceau du registre');
        const file = await sealFile(ctx.db, user.id, request.params.mois);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="sceau-registre-${file.mois}.json"`)
          .send(`${JSON.stringify(file, null, 2)}\n`);
      },
    );
  };
}
