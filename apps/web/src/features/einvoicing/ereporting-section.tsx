/** Issue 19: e-reporting of B2C and international sales on /facturation-electronique. CONTRACT PLACEHOLDER (directory lane). */
export function EreportingSection() {
  return (
    <section aria-labelledby="ereporting-titre" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="ereporting-titre" className="text-lg font-semibold text-slate-900">
        E-reporting
      </h2>
    </section>
  );
}
