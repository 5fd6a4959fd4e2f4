import {
  contactRequestSchema,
  publicFormResponseSchema,
  waitlistRequestSchema,
} from '@facturo/shared/public-forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { PublicFormsService } from './public-forms.service.js';

/** POST /contact and POST /waitlist: no session needed. */
export function publicFormsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const forms = new PublicFormsService(ctx);
  return async (app) => {
    app.post(
      '/contact',
      { schema: { body: contactRequestSchema, response: { 201: publicFormResponseSchema } } },
      async (request, reply) => reply.code(201).send(await forms.contact(request.body, request.ip)),
    );
    app.post(
      '/waitlist',
      {
        schema: {
          body: waitlistRequestSchema,
          response: { 200: publicFormResponseSchema, 201: publicFormResponseSchema },
        },
      },
      async (request, reply) => {
        const { created, message } = await forms.joinWaitlist(request.body, request.ip);
        return reply.code(created ? 201 : 200).send({ message });
      },
    );
  };
}
