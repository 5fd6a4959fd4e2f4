import { ArchivePanel } from './archive-panel';

/**
 * Issue 18 (lane archive): « Exports » — the yearly archive with its progress (the FEC's download sits
 * with the receipts book, whose period it shares).
 */
export function ExportsSection() {
  return (
    <section
      id="exports"
      aria-labelledby="exports-titre"
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:scroll-mt-6"
    >
      <h2 id="exports-titre" className="text-lg font-semibold text-slate-900">
        Exports
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        L’archive annuelle réunit dans un seul fichier ZIP vos factures émises telles qu’envoyées, le livre
        des recettes, le FEC et le journal inaltérable avec sa vérification : de quoi conserver vos
        justificatifs dix ans et répondre à un contrôle.
      </p>
      <div className="mt-5">
        <ArchivePanel />
      </div>
    </section>
  );
}
