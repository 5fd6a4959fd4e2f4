/** /factures-fournisseurs (issue 19): the inbox of received supplier invoices. CONTRACT PLACEHOLDER (inbox lane). */
export function SupplierInvoicesPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <title>Factures fournisseurs · Facturo</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Factures fournisseurs</h1>
    </div>
  );
}
