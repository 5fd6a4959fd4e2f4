/** A signed-in screen that a later issue builds: its title and an honest notice, nothing invented. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-5xl">
      <title>{`${title} · Facturo`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-slate-700">Cette fonctionnalité sera bientôt disponible.</p>
      </div>
    </div>
  );
}
