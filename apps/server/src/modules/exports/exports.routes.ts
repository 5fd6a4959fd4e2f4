import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { parisDate } from '../../lib/paris-date.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { presentClient } from '../clients/clients.presenter.js';
import { listClients } from '../clients/clients.repo.js';
import { presentInvoice } from '../invoices/invoices.presenter.js';
import { listIssued, listReceived } from '../invoices/invoices.repo.js';
import { legalMentionsOf } from '../legal-mentions/legal-mentions.service.js';
import { logoSize } from '../users/logo/logo.repo.js';
import { presentUser } from '../users/users.presenter.js';

const RGPD_NOTICE = 'Export de vos données personnelles — articles 15 et 20 du RGPD';

/** Data portability (RGPD articles 15 and 20): the caller's own data only, as dated JSON files. */
export function exportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));

    const clientsOf = async (userId: string) => (await listClients(ctx.db, userId)).map(presentClient);
    const issuedBy = async (userId: string) =>
      (await listIssued(ctx.db, userId)).map((r) => presentInvoice(r, 'emetteur'));
    const receivedBy = async (userId: string) =>
      (await listReceived(ctx.db, userId)).map((r) => presentInvoice(r, 'destinataire'));
    const attachment = (name: string) => `attachment; filename="${name}-${parisDate(ctx.clock.now())}.json"`;

    app.get('/export/clients', async (request, reply) => {
      const clients = await clientsOf(currentUser(request).id);
      return reply
        .header('content-disposition', attachment('clients'))
        .send({ exportDate: ctx.clock.now().toISOString(), total: clients.length, clients });
    });

    app.get('/export/factures', async (request, reply) => {
      const user = currentUser(request);
      const [emises, recues] = await Promise.all([issuedBy(user.id), receivedBy(user.id)]);
      return reply
        .header('content-disposition', attachment('factures'))
        .send({ exportDate: ctx.clock.now().toISOString(), emises, recues });
    });

    app.get('/export/user-data', async (request, reply) => {
      const user = currentUser(request);
      const [clients, emises, recues, mentionsLegales, logoBytes] = await Promise.all([
        clientsOf(user.id),
        issuedBy(user.id),
        receivedBy(user.id),
        legalMentionsOf(ctx.db, user),
        logoSize(ctx.db, user.id),
      ]);
      return reply.header('content-disposition', attachment('donnees-facturo')).send({
        exportDate: ctx.clock.now().toISOString(),
        rgpd: RGPD_NOTICE,
        profil: presentUser(user, { factureCount: emises.length, logoBytes }),
        mentionsLegales,
        clients,
        factures: { emises, recues },
      });
    });

    app.get('/export-factures-rgpd', async (request, reply) => {
      const user = currentUser(request);
      const [clients, emises, recues] = await Promise.all([
        clientsOf(user.id),
        issuedBy(user.id),
        receivedBy(user.id),
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
      const clients = await clientsOf(user.id);
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
