import type { FastifyReply } from 'fastify';

/** A quote's PDF as a download, never kept by a cache: for its parties and its signed link. */
export function sendQuotePdf(reply: FastifyReply, { numero, pdf }: { numero: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${numero}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
