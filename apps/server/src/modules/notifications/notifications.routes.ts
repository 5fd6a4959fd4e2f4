import {
  notificationCountSchema,
  notificationPrefsSchema,
  notificationSchema,
  notificationsQuerySchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { NotificationsService } from './notifications.service.js';

/** Issue 17's notification centre: the bell's list and count, reading, and the per-kind choices. */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new NotificationsService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get(
      '/notifications',
      { schema: { querystring: notificationsQuerySchema, response: { 200: z.array(notificationSchema) } } },
      async (request) => service.list(currentUser(request), request.query),
    );
    app.get(
      '/notifications/count',
      { schema: { response: { 200: notificationCountSchema } } },
      async (request) => ({ nonLues: await service.unreadCount(currentUser(request)) }),
    );
    app.post(
      '/notifications/tout-lire',
      { schema: { response: { 200: notificationCountSchema } } },
      async (request) => ({ nonLues: await service.readAll(currentUser(request)) }),
    );
    app.post(
      '/notifications/:id/lire',
      { schema: { params: idParamsSchema, response: { 200: notificationCountSchema } } },
      async (request) => ({ nonLues: await service.read(currentUser(request), request.params.id) }),
    );
    app.get(
      '/notifications/preferences',
      { schema: { response: { 200: notificationPrefsSchema } } },
      async (request) => service.preferences(currentUser(request)),
    );
    app.put(
      '/notifications/preferences',
      { schema: { body: notificationPrefsSchema, response: { 200: notificationPrefsSchema } } },
      async (request) => service.savePreferences(currentUser(request), request.body),
    );
  };
}
