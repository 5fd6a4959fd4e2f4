import {
  fecQuerySchema,
  receiptsBookFileName,
  receiptsBookQuerySchema,
  receiptsBookSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { attachment } from '../../lib/french-csv.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { BooksService } from './books.service.js';
import { presentReceiptsBook } from './receipts-book.js';

/**
 * Issue 18 (lane books): GET /livre-recettes (JSON, CSV, PDF) and GET /fec, for professionals. The files
 * are the owner's books, changed by every payment: never kept by a cache.
 */
export function booksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const books = new BooksService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));

    app.get(
      '/livre-recettes',
      // The JSON answer is checked against its schema below: a response schema here would type the CSV
      // and PDF answers as that JSON too.
      { schema: { querystring: receiptsBookQuerySchema } },
      async (request, reply) => {
        const user = currentUser(request);
        const query = request.query;
        reply.header('cache-control', 'private, no-store');
        if (query.format === 'csv') {
          const { period, csv } = await books.receiptsBookCsv(user, query);
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', attachment(receiptsBookFileName(period.debut, period.fin, 'csv')))
            .send(csv);
        }
        if (query.format === 'pdf') {
          const { period, pdf } = await books.receiptsBookPdf(user, query);
          return reply
            .type('application/pdf')
            .header('content-disposition', attachment(receiptsBookFileName(period.debut, period.fin, 'pdf')))
            .send(pdf);
        }
        const { book } = await books.receiptsBook(user, query);
        return receiptsBookSchema.parse(presentReceiptsBook(book));
      },
    );

    app.get('/fec', { schema: { querystring: fecQuerySchema } }, async (request, reply) => {
      const { fileName, content } = await books.fec(currentUser(request), request.query);
      return reply
        .header('cache-control', 'private, no-store')
        .type('text/plain; charset=iso-8859-15')
        .header('content-disposition', attachment(fileName))
        .send(content);
    });
  };
}
