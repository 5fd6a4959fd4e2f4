import { invoiceReminderSchema, reminderPlanInputSchema, reminderPlanSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { RemindersService } from './reminders.service.js';

/** Issue 17: the reminder plan's settings, an invoice's reminder history and « Relancer maintenant ». */
export function remindersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const reminders = new RemindersService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get('/relances/plan', { schema: { response: { 200: reminderPlanSchema } } }, async (request) =>
      reminders.plan(currentUser(request)),
    );
    app.put(
      '/relances/plan',
      { schema: { body: reminderPlanInputSchema, response: { 200: reminderPlanSchema } } },
      async (request) => reminders.savePlan(currentUser(request), request.body),
    );
    app.get(
      '/factures/:id/relances',
      { schema: { params: idParamsSchema, response: { 200: z.array(invoiceReminderSchema) } } },
      async (request) => reminders.history(currentUser(request), request.params.id),
    );
    app.post(
      '/factures/:id/relances',
      { schema: { params: idParamsSchema, response: { 201: invoiceReminderSchema } } },
      async (request, reply) =>
        reply.code(201).send(await reminders.remindNow(currentUser(request), request.params.id)),
    );
  };
}
