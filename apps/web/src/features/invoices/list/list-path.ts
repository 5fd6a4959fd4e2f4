import { type InvoiceType, parseStatusFilter } from '@facturo/shared';
import type { InvoiceStatusFilter } from '../../../lib/invoice-filters';

/** Envoi = invoices I issued, Réception = invoices addressed to me (SPEC §2). */
export type InvoiceBox = 'issued' | 'received';

/**
 * The API call behind a list: the URL's filter word (with accents, as in the navigation) becomes the
 * API's status code, which the server matches on the viewer's own side; the type (issue 15) goes as is.
 */
export function invoiceListPath(
  box: InvoiceBox,
  filter: InvoiceStatusFilter | null,
  type: InvoiceType | null = null,
): string {
  const base = box === 'issued' ? '/factures' : '/factures/received';
  const params = new URLSearchParams();
  const status = parseStatusFilter(filter);
  if (status) params.set('status', status);
  if (type) params.set('type', type);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** The tab in the URL (?onglet=reception), so coming back from an invoice reopens the same tab. */
export const BOX_PARAM = 'onglet';
const RECEIVED_PARAM_VALUE = 'reception';

export function parseBox(value: string | null): InvoiceBox {
  return value === RECEIVED_PARAM_VALUE ? 'received' : 'issued';
}

export function boxParamValue(box: InvoiceBox): string | null {
  return box === 'received' ? RECEIVED_PARAM_VALUE : null;
}

/** The document type in the URL (?type=avoir), as the API names it (read with parseInvoiceTypeFilter). */
export const TYPE_PARAM = 'type';
