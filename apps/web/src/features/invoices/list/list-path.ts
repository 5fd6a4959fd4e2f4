import { type InvoiceType, type LifeFilter, parseLifeFilter } from '@facturo/shared';
import { type ListParams, listPath } from '../../../lib/paged-list';

/** Envoi = invoices I issued, Réception = invoices addressed to me (SPEC §2). */
export type InvoiceBox = 'issued' | 'received';

/** A filter of the document's life (LIFE_FILTERS): brouillon, envoyée, partiellement payée, contestée… */
export type ListStatusFilter = LifeFilter;

/** ?status= of the address, as typed in a link (accents, case, hyphens aside): a life filter or none. */
export function parseListStatusFilter(raw: string | null): ListStatusFilter | null {
  return parseLifeFilter(raw);
}

/** What narrows a list of /factures (SPEC §2, issues 15 and 16): the viewer's status, the type, a search. */
export interface InvoiceListFilters {
  filter: ListStatusFilter | null;
  type: InvoiceType | null;
  /** The search (number, client, object); blank for none. */
  q: string;
}

const NO_FILTERS: InvoiceListFilters = { filter: null, type: null, q: '' };

/** The query parameters of those filters, as every list and totals route of the box takes them. */
export function invoiceListParams({ filter, type, q }: InvoiceListFilters): ListParams {
  // The life filter, which the server matches on the viewer's own side; the type goes as is.
  return { status: filter, type, q };
}

const boxBase = (box: InvoiceBox) => (box === 'issued' ? '/factures' : '/factures/received');

/** One page of a box: its first page without a cursor, the next ones from the previous page's cursor. */
export function invoiceListPath(
  box: InvoiceBox,
  filters: Partial<InvoiceListFilters> = {},
  cursor: string | null = null,
): string {
  return listPath(boxBase(box), { ...invoiceListParams({ ...NO_FILTERS, ...filters }), cursor });
}

/** The box's figures under the same filters (GET …/totaux): the « N documents · Total TTC » line. */
export function invoiceTotalsPath(box: InvoiceBox, filters: InvoiceListFilters): string {
  return listPath(`${boxBase(box)}/totaux`, invoiceListParams(filters));
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
