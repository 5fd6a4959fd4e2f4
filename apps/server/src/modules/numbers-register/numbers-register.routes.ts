import { numbersRegisterQuerySchema, numbersRegisterSchema, registreNumerosFileName } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { attachment } from '../../lib/french-csv.js';
import { parisDate } from '../../lib/paris-date.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { assertProfessional } from '../users/professional-guard.js';
import { numbersRegister } from './numbers-register.service.js';
import { registerCsv } from './numbers-register-csv.js';

/**
 * GET /registre-numeros?annee=YYYY (JSON) and GET /registre-numeros.csv: every number a professional gave
 * in a year and what became of it. Changed by every creation, sending and deletion: never cached.
 */
export function numbersRegisterRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const registerOf = (user: UserRow, annee: number | undefined) => {
    assertProfessional(user, 'consulter votre registre des numéros');
    const year = annee ?? Number(parisDate(ctx.clock.now()).slice(0, 4));
    return numbersRegister(ctx.db, user.id, year);
  };
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));

    app.get(
      '/registre-numeros',
      { schema: { querystring: numbersRegisterQuerySchema, response: { 200: numbersRegisterSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return registerOf(currentUser(request), request.query.annee);
      },
    );

    app.get(
      '/registre-numeros.csv',
      { schema: { querystring: numbersRegisterQuerySchema } },
      async (request, reply) => {
        const register = await registerOf(currentUser(request), request.query.annee);
        return reply
          .header('cache-control', 'private, no-store')
          .type('text/csv; charset=utf-8')
          .header('content-disposition', attachment(registreNumerosFileName(register.annee)))
          .send(registerCsv(register));
      },
    );
  };
}
