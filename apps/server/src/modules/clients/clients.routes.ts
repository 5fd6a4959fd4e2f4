import {
  clientInputSchema,
  clientListQuerySchema,
  clientListSchema,
  clientSchema,
  singleLine,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendPage } from '../../lib/keyset-page.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { presentClient } from './clients.presenter.js';
import { ClientsService } from './clients.service.js';

/** A malformed id cannot name anything of the caller's: it is a 404 like any other unknown id. */
export const idParamsSchema = z.object({ id: singleLine().max(64) });

export function clientsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const clients = new ClientsService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get(
      '/clients',
      { schema: { querystring: clientListQuerySchema, response: { 200: clientListSchema } } },
      async (request, reply) => {
        const page = await clients.page(currentUser(request), request.query);
        return sendPage(reply, { ...page, items: page.items.map(presentClient) });
      },
    );
    app.post(
      '/clients',
      { schema: { body: clientInputSchema, response: { 201: clientSchema } } },
      async (request, reply) =>
        reply.code(201).send(presentClient(await clients.create(currentUser(request), request.body))),
    );
    app.get(
      '/clients/:id',
      { schema: { params: idParamsSchema, response: { 200: clientSchema } } },
      async (request) => presentClient(await clients.get(currentUser(request), request.params.id)),
    );
    app.put(
      '/clients/:id',
      { schema: { params: idParamsSchema, body: clientInputSchema, response: { 200: clientSchema } } },
      async (request) =>
        presentClient(await clients.update(currentUser(request), request.params.id, request.body)),
    );
    app.delete('/clients/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
      await clients.remove(currentUser(request), request.params.id);
      return reply.code(204).send();
    });
  };
}
