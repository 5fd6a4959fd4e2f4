/** Issue 19: the professional's platform connection on /facturation-electronique. CONTRACT PLACEHOLDER (platform lane). */
export function PlatformConnectionSection() {
  return (
    <section aria-labelledby="plateforme-titre" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="plateforme-titre" className="text-lg font-semibold text-slate-900">
        Plateforme de facturation électronique
      </h2>
    </section>
  );
}
