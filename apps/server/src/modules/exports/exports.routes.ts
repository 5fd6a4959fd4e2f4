import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import {
  clientsOf,
  exportAttachment,
  issuedBy,
  RGPD_NOTICE,
  receivedBy,
  userDataExport,
} from './user-data-export.js';

/** Data portability (RGPD articles 15 and 20): the caller's own data only, as dated JSON files. */
export function exportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    const attachment = (name: string) => exportAttachment(name, ctx.clock.now());

    app.get('/export/clients', async (request, reply) => {
      const clients = await clientsOf(ctx.db, currentUser(request).id);
      return reply
        .header('content-disposition', attachment('clients'))
        .send({ exportDate: ctx.clock.now().toISOString(), total: clients.length, clients });
    });

    app.get('/export/factures', async (request, reply) => {
      const user = currentUser(request);
      const [emises, recues] = await Promise.all([issuedBy(ctx.db, user.id), receivedBy(ctx.db, user.id)]);
      return reply
        .header('content-disposition', attachment('factures'))
        .send({ exportDate: ctx.clock.now().toISOString(), emises, recues });
    });

    app.get('/export/user-data', async (request, reply) => {
      const data = await userDataExport(ctx.db, currentUser(request), ctx.clock.now());
      return reply.header('content-disposition', attachment('donnees-facturo')).send(data);
    });

    app.get('/export-factures-rgpd', async (request, reply) => {
      const user = currentUser(request);
      const [clients, emises, recues] = await Promise.all([
        clientsOf(ctx.db, user.id),
        issuedBy(ctx.db, user.id),
        receivedBy(ctx.db, user.id),
      ]);
      const factures = user.role === 'professionnel' ? [...emises, ...recues] : recues;
      return reply.header('content-disposition', attachment(`export-factures-rgpd-${user.role}`)).send({
        exportDate: ctx.clock.now().toISOString(),
        rgpd: RGPD_NOTICE,
        role: user.role,
        utilisateur: { email: user.email, nom: user.nom, prenom: user.prenom },
        totalFactures: factures.length,
        totalClients: clients.length,
        factures,
        clients,
      });
    });

    app.get('/export-clients-rgpd', async (request, reply) => {
      const user = currentUser(request);
      const clients = await clientsOf(ctx.db, user.id);
      return reply.header('content-disposition', attachment('export-clients-rgpd')).send({
        exportDate: ctx.clock.now().toISOString(),
        rgpd: RGPD_NOTICE,
        utilisateur: { email: user.email, nom: user.nom, prenom: user.prenom },
        total: clients.length,
        clients,
      });
    });
  };
}
