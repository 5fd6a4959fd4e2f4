import { archiveFileName, createArchiveRequestSchema, yearlyArchiveSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { attachment } from '../../lib/french-csv.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { ArchivesService } from './archives.service.js';

/**
 * Issue 18: yearly archives under /archives — ask for one (202: its job is queued, or the one of that
 * year already under way), follow it, download its ZIP.
 */
export function archivesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const archives = new ArchivesService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.post(
      '/archives',
      { schema: { body: createArchiveRequestSchema, response: { 202: yearlyArchiveSchema } } },
      async (request, reply) => {
        const { archive } = await archives.request(currentUser(request), request.body.annee);
        return reply.code(202).send(archive);
      },
    );
    app.get('/archives', { schema: { response: { 200: z.array(yearlyArchiveSchema) } } }, async (request) =>
      archives.list(currentUser(request)),
    );
    app.get(
      '/archives/:id',
      { schema: { params: idParamsSchema, response: { 200: yearlyArchiveSchema } } },
      async (request) => archives.get(currentUser(request), request.params.id),
    );
    // Already compressed: compressing the ZIP again on the fly would cost CPU for nothing.
    app.get(
      '/archives/:id/telechargement',
      { compress: false, schema: { params: idParamsSchema } },
      async (request, reply) => {
        const { year, zip, sha256 } = await archives.zip(currentUser(request), request.params.id);
        return (
          reply
            .header('content-type', 'application/zip')
            .header('content-disposition', attachment(archiveFileName(year)))
            // The bytes of one archive never change: its SHA-256 is a strong validator.
            .header('etag', `"${sha256}"`)
            .header('cache-control', 'private, no-cache')
            .header('x-content-type-options', 'nosniff')
            .send(zip)
        );
      },
    );
  };
}
