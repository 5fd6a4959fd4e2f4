/** /factures-fournisseurs/:id (issue 19): one received invoice, readable, with its lifecycle. CONTRACT PLACEHOLDER (inbox lane). */
export function SupplierInvoicePage() {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <title>Facture fournisseur · Facturo</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Facture fournisseur</h1>
    </div>
  );
}
