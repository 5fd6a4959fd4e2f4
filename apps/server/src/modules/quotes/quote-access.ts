import { QUOTE_MESSAGES } from '@facturo/shared';
import type { QuoteRow, UserRow } from '../../db/schema.js';
import type { DbOrTx, Tx } from '../../db/types.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { ViewerRole } from '../invoices/invoices.presenter.js';
import { findVisibleQuote, lockQuote, type QuoteRecord } from './quotes.repo.js';

/** Who may see or act on a quote: its issuer and its recipient; anyone else is told it does not exist. */

export const quoteNotFound = () => notFound('Devis non trouvé');
/** A recipient reaching for the issuer's actions (edit, delete, send, invoice). */
export const notQuoteIssuer = () => new AppError(403, 'not_issuer', QUOTE_MESSAGES.notIssuer);
export const otherQuoteSide = () =>
  new AppError(403, 'forbidden', 'Chaque partie ne peut modifier que son propre statut du devis.');

export async function visibleQuote(
  db: DbOrTx,
  user: UserRow,
  id: string,
): Promise<{ record: QuoteRecord; role: ViewerRole }> {
  const record = isUuid(id) ? await findVisibleQuote(db, user.id, id) : undefined;
  if (!record) throw quoteNotFound();
  return { record, role: record.quote.issuerId === user.id ? 'emetteur' : 'destinataire' };
}

/** The quote's row, locked for the rest of the transaction, with the user's side of it. */
export async function lockVisibleQuote(
  tx: Tx,
  user: UserRow,
  id: string,
): Promise<{ quote: QuoteRow; role: ViewerRole }> {
  const quote = isUuid(id) ? await lockQuote(tx, id) : undefined;
  if (!quote) throw quoteNotFound();
  if (quote.issuerId === user.id) return { quote, role: 'emetteur' };
  if (quote.recipientId === user.id) return { quote, role: 'destinataire' };
  throw quoteNotFound();
}

export async function lockQuoteAsIssuer(
  tx: Tx,
  user: UserRow,
  id: string,
  refusal: () => AppError = notQuoteIssuer,
): Promise<QuoteRow> {
  const { quote, role } = await lockVisibleQuote(tx, user, id);
  if (role !== 'emetteur') throw refusal();
  return quote;
}
