import { ExportsSection } from './exports-section';
import { JournalStatus } from './journal-status';
import { NumbersRegisterSection } from './numbers-register-section';
import { PurchasesSection } from './purchases-section';
import { ReceiptsBookSection } from './receipts-book-section';

/**
 * /comptabilite (issue 18): the professional's books and proof — the journal's integrity first, then
 * the receipts book, the numbers register, the purchases register and the exports for the accountant.
 */
export function AccountingPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <title>Comptabilité · Facturo</title>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Comptabilité</h1>
        <p className="mt-1 text-sm text-slate-600">
          Votre livre des recettes, vos achats et les exports pour votre comptable.
        </p>
      </header>
      <JournalStatus />
      <ReceiptsBookSection />
      <NumbersRegisterSection />
      <PurchasesSection />
      <ExportsSection />
    </div>
  );
}
