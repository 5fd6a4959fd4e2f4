import { LOGO_MAX_BYTES, LOGO_MESSAGES, userSchema } from '@facturo/shared';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { authenticate, currentUser } from '../../../plugins/authenticate.js';
import { assertProfessional } from '../professional-guard.js';
import { userView } from '../user-view.js';
import { deleteLogo, findLogo, saveLogo } from './logo.repo.js';
import { toPrintLogo } from './logo-image.js';

/**
 * The issuer's logo, sent as the raw image (no multipart: one file, and the browser's fetch sends a
 * File as is). The parser and its 1 Mo limit live in this plugin only: the rest of the API keeps JSON.
 */
export function logoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    // Whatever the sender calls it, the bytes decide (logo-image.ts): an image/* or octet-stream body is just bytes here.
    app.addContentTypeParser(
      /^(?:image\/|application\/octet-stream)/,
      { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Fastify's own "too large" says nothing of the limit: say it, then let the app's handler answer.
    app.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError(413, 'payload_too_large', LOGO_MESSAGES.tooLarge);
      }
      throw error;
    });

    app.put(
      '/users/me/logo',
      { bodyLimit: LOGO_MAX_BYTES, schema: { response: { 200: userSchema } } },
      async (request) => {
        const user = currentUser(request);
        assertProfessional(user, 'ajouter un logo à vos factures');
        // A JSON or text body went through another parser: it is no image either.
        if (!Buffer.isBuffer(request.body))
          throw new AppError(415, 'unsupported_image', LOGO_MESSAGES.unsupported);
        await saveLogo(ctx.db, user.id, await toPrintLogo(request.body));
        return userView(ctx.db, user);
      },
    );

    app.get('/users/me/logo', async (request, reply) => {
      const logo = await findLogo(ctx.db, currentUser(request).id);
      if (!logo) throw notFound(LOGO_MESSAGES.notFound);
      // Private to its owner, and changed in place by a new upload: never from a shared cache.
      return reply.type(logo.contentType).header('cache-control', 'private, no-cache').send(logo.bytes);
    });

    app.delete('/users/me/logo', async (request, reply) => {
      await deleteLogo(ctx.db, currentUser(request).id);
      return reply.code(204).send();
    });
  };
}
