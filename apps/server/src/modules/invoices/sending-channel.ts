import { blockingChannel, MESSAGES } from '@facturo/shared';
import type { InvoiceRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/*
 * One channel per invoice once the approved platform is involved (shared blockingChannel): an invoice
 * transmitted there is not sent on Facturo too, nor the other way round, so the buyer never holds it twice
 * (refused in one inbox, payable in the other). An e-mail stays possible, as a labelled copy.
 */

const WHERE_IT_WENT = {
  plateforme_agreee: ['already_sent_via_approved_platform', MESSAGES.alreadySentViaApprovedPlatform],
  facturo: ['already_sent_on_facturo', MESSAGES.alreadySentOnFacturo],
} as const;

/** The 409 saying where the invoice already went, or null when `next` may follow its channel. */
export function secondChannelRefusal(
  invoice: Pick<InvoiceRow, 'channel'>,
  next: 'facturo' | 'plateforme_agreee',
): AppError | null {
  const blocking = blockingChannel(invoice.channel, next);
  if (blocking !== 'plateforme_agreee' && blocking !== 'facturo') return null;
  const [errorType, message] = WHERE_IT_WENT[blocking];
  return new AppError(409, errorType, message);
}

export function refuseSecondChannel(
  invoice: Pick<InvoiceRow, 'channel'>,
  next: 'facturo' | 'plateforme_agreee',
): void {
  const refusal = secondChannelRefusal(invoice, next);
  if (refusal) throw refusal;
}

/** An e-mail after the approved platform is a copy: the mail says so. */
export const isApprovedPlatformCopy = (invoice: Pick<InvoiceRow, 'channel'>): boolean =>
  invoice.channel === 'plateforme_agreee';
