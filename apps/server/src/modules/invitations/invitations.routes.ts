import {
  invitationAcceptRequestSchema,
  invitationAcceptResponseSchema,
  invitationReadRequestSchema,
  invitationSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { InvitationsService } from './invitations.service.js';

/** The /invitation page's two calls; the token travels in the body, never in a logged URL. */
export function invitationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const invitations = new InvitationsService(ctx);
  return async (app) => {
    app.post(
      '/invitations/read',
      { schema: { body: invitationReadRequestSchema, response: { 200: invitationSchema } } },
      async (request) => invitations.read(request.body.token),
    );
    app.post(
      '/invitations/accept',
      { schema: { body: invitationAcceptRequestSchema, response: { 200: invitationAcceptResponseSchema } } },
      async (request) => invitations.accept(request.body, request.ip),
    );
  };
}
