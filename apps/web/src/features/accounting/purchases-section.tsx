import type { Purchase, PurchaseExportFormat } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Download, Plus, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { Modal } from '../../components/ui/modal';
import { useReadOnlyArchive } from '../account-archive/archive-access';
import { formatDateFr } from '../invoices/dates';
import { describeActionError, serverMessageOr } from '../invoices/error-messages';
import { downloadPurchasesExport, purchasesQueryOptions, useDeletePurchaseMutation } from './purchases-api';
import { PurchaseForm } from './purchases-form';
import { PurchasesList } from './purchases-list';
import { type PurchasePeriod, presetPeriod } from './purchases-period';
import { PurchasesPeriodFilter } from './purchases-period-filter';

export const PURCHASES_LOAD_ERROR = 'Erreur lors du chargement des achats';
export const PURCHASE_DELETE_ERROR = "Erreur lors de la suppression de l'achat";
const EXPORT_ERROR = "Erreur lors de l'export du registre des achats";

type Editing = { kind: 'new' } | { kind: 'edit'; purchase: Purchase } | null;

/**
 * Issue 18: the purchases register (registre des achats) on /comptabilite: the period's purchases by
 * month with their totals, the form in a dialog, receipts, a confirmed deletion, and the CSV and PDF files.
 */
export function PurchasesSection() {
  // A closed account's archive reads its register: nothing to add, change or remove.
  const readOnly = useReadOnlyArchive();
  const [period, setPeriod] = useState<PurchasePeriod>(() => presetPeriod('annee'));
  const query = useQuery(purchasesQueryOptions(period));
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Purchase | null>(null);
  const remove = useDeletePurchaseMutation();
  const [exporting, setExporting] = useState<PurchaseExportFormat | null>(null);
  const list = query.data;
  const empty = list !== undefined && list.achats.length === 0;

  async function exportAs(format: PurchaseExportFormat) {
    setExporting(format);
    try {
      await downloadPurchasesExport(period, format);
    } catch (error) {
      const { message, detail } = describeActionError(error, EXPORT_ERROR);
      toast.error(message, { description: detail });
    } finally {
      setExporting(null);
    }
  }

  return (
    <section
      id="achats"
      aria-labelledby="achats-titre"
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:scroll-mt-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="achats-titre" className="text-lg font-semibold text-slate-900">
            Registre des achats
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Obligatoire si vous vendez des marchandises : notez chaque achat (date, fournisseur, montants) et
            joignez son justificatif.
          </p>
        </div>
        {!readOnly && (
          <Button onClick={() => setEditing({ kind: 'new' })} className="shrink-0">
            <Plus className="size-4" aria-hidden="true" />
            Ajouter un achat
          </Button>
        )}
      </div>

      <div className="mt-5 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <PurchasesPeriodFilter period={period} onChange={setPeriod} />
        <div className="flex gap-2">
          {(['csv', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              variant="secondary"
              size="sm"
              disabled={exporting !== null}
              loading={exporting === format}
              onClick={() => void exportAs(format)}
              aria-label={`Télécharger le registre des achats en ${format.toUpperCase()}`}
            >
              {exporting !== format && <Download className="size-4" aria-hidden="true" />}
              {format.toUpperCase()}
            </Button>
          ))}
        </div>
      </div>

      <div className="mt-5">
        {query.isPending ? (
          <LoadingStatus>Chargement des achats...</LoadingStatus>
        ) : query.isError ? (
          <LoadError message={serverMessageOr(query.error, PURCHASES_LOAD_ERROR)} query={query} />
        ) : empty ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
            <ShoppingBag className="size-6 text-slate-500" aria-hidden="true" />
            <p className="font-medium text-slate-900">Aucun achat sur la période</p>
            <p className="text-sm text-slate-600">
              Du {formatDateFr(list.debut)} au {formatDateFr(list.fin)}.{' '}
              {!readOnly && 'Ajoutez vos achats de marchandises au fil de l’eau.'}
            </p>
          </div>
        ) : (
          list && (
            <PurchasesList
              list={list}
              onEdit={(purchase) => setEditing({ kind: 'edit', purchase })}
              onDelete={setToDelete}
            />
          )
        )}
      </div>

      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.kind === 'edit' ? "Modifier l'achat" : 'Nouvel achat'}
        size="lg"
      >
        {editing && (
          <PurchaseForm
            key={editing.kind === 'edit' ? editing.purchase._id : 'new'}
            purchase={editing.kind === 'edit' ? editing.purchase : undefined}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
            remove.reset();
          }
        }}
        title="Supprimer cet achat ?"
        description={
          toDelete &&
          `${toDelete.fournisseur}, ${formatDateFr(toDelete.dateAchat)} : l'achat et son justificatif seront retirés du registre.`
        }
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={
          remove.isError && (
            <Alert variant="error">{serverMessageOr(remove.error, PURCHASE_DELETE_ERROR)}</Alert>
          )
        }
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete._id, {
            onSuccess: () => {
              setToDelete(null);
              toast.success('Achat supprimé');
            },
          })
        }
      />
    </section>
  );
}
