/**
 * The one `externalId` of a platform status (200 Déposée, 213 Rejetée, 221…) on a document: the same
 * whether it came by the acknowledgement of the submitted flow or by the CDAR flow the platform sent, so
 * that the unique (user, externalId) records it once on the timeline. A platform says each of them once
 * per invoice.
 */
export function platformStatusId(
  document: { invoiceId: string } | { supplierInvoiceId: string },
  code: number,
): string {
  const id = 'invoiceId' in document ? document.invoiceId : document.supplierInvoiceId;
  return `plateforme:${id}:${code}`;
}
