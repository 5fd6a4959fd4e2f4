import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { presentClient } from '../clients/clients.presenter.js';
import { listClients } from '../clients/clients.repo.js';

/** YYYY-MM-DD in Paris, the day the user sees on their calendar. */
function parisDate(date: Date): string {
  return new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris' }).format(date);
}

/** Data portability (RGPD articles 15 and 20): the caller's own data, as JSON files. */
export function exportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));

    app.get('/export/clients', async (request, reply) => {
      const user = currentUser(request);
      const now = ctx.clock.now();
      const clients = (await listClients(ctx.db, user.id)).map(presentClient);
      return reply
        .header('content-disposition', `attachment; filename="clients-${parisDate(now)}.json"`)
        .send({ exportDate: now.toISOString(), total: clients.length, clients });
    });

    app.get('/export-clients-rgpd', async (request, reply) => {
      const user = currentUser(request);
      const now = ctx.clock.now();
      const clients = (await listClients(ctx.db, user.id)).map(presentClient);
      return reply
        .header('content-disposition', `attachment; filename="export-clients-rgpd-${parisDate(now)}.json"`)
        .send({
          exportDate: now.toISOString(),
          rgpd: 'Export de vos données personnelles — articles 15 et 20 du RGPD',
          utilisateur: { email: user.email, nom: user.nom, prenom: user.prenom },
          total: clients.length,
          clients,
        });
    });
  };
}
