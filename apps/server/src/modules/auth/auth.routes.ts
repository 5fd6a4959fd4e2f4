import {
  emailOnlyRequestSchema,
  emailStatusResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  singleLine,
  verifyEmailRequestSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { AuthService } from './auth.service.js';

export const EMAIL_STATUS_NEEDS_EMAIL =
  'Indiquez l’adresse email à vérifier, ou connectez-vous pour connaître l’état de la vôtre.';

/** The reset confirmation checks the policy in the service, to list every broken rule. */
const resetConfirmSchema = z.object({
  token: verifyEmailRequestSchema.shape.token,
  newPassword: singleLine({ error: 'Mot de passe requis', trim: false }).max(1024),
});

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const auth = new AuthService(ctx);
  return async (app) => {
    app.post(
      '/auth/register',
      { schema: { body: registerRequestSchema, response: { 201: registerResponseSchema } } },
      async (request, reply) => reply.code(201).send(await auth.register(request.body, request.ip)),
    );
    app.post(
      '/auth/verify-email',
      { schema: { body: verifyEmailRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => auth.verifyEmail(request.body.token),
    );
    app.post(
      '/auth/resend-verification',
      { schema: { body: emailOnlyRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => auth.resendVerification(request.body.email, request.ip),
    );
    app.post(
      '/auth/login',
      { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
      async (request, reply) => {
        const { session, deviceCookie } = await auth.login(request.body, request.ip, request.headers.cookie);
        return reply.header('set-cookie', deviceCookie).send(session);
      },
    );
    app.post(
      '/auth/unlock-login',
      { schema: { body: verifyEmailRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => auth.unlockLogin(request.body.token),
    );
    app.post(
      '/auth/reset-password',
      { schema: { body: emailOnlyRequestSchema, response: { 200: messageResponseSchema } } },
      async (request) => auth.requestPasswordReset(request.body.email, request.ip),
    );
    app.post(
      '/auth/reset-password-confirm',
      { schema: { body: resetConfirmSchema, response: { 200: messageResponseSchema } } },
      async (request) => auth.confirmPasswordReset(request.body.token, request.body.newPassword),
    );
    /**
     * SPEC §7 names it without a query. With ?email= it answers for that address, signed in or not (the
     * login screen's check, rate-limited per address). Without one it answers for the signed-in user;
     * a bad token is a 401 like anywhere else, and no token at all a 400 saying what is missing.
     */
    const signedIn = authenticate(ctx);
    app.get(
      '/auth/email-status',
      {
        schema: {
          querystring: emailOnlyRequestSchema.partial(),
          response: { 200: emailStatusResponseSchema },
        },
      },
      async (request) => {
        if (request.query.email !== undefined) return auth.emailStatus(request.query.email, request.ip);
        if (request.headers.authorization === undefined) throw badRequest(EMAIL_STATUS_NEEDS_EMAIL);
        await signedIn(request);
        const user = currentUser(request);
        return { email: user.email, emailVerified: user.emailVerifiedAt !== null };
      },
    );
  };
}
