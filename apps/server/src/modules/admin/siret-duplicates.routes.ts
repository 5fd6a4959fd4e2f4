import { siretDuplicatesSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { SiretDuplicatesService } from './siret-duplicates.service.js';

/** GET /admin/siret-duplicates and POST /admin/siret-duplicates/{id}/restore (admin guard: admin.routes). */
export function siretDuplicatesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const duplicates = new SiretDuplicatesService(ctx);
  return async (app) => {
    app.get('/siret-duplicates', { schema: { response: { 200: siretDuplicatesSchema } } }, async () =>
      duplicates.list(),
    );
    app.post(
      '/siret-duplicates/:id/restore',
      { schema: { params: idParamsSchema } },
      async (request, reply) => {
        await duplicates.restore(currentUser(request), request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
