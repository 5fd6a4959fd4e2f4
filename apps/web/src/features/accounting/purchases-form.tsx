import {
  formatEuros,
  isCalendarDay,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PURCHASE_MESSAGES,
  PURCHASE_RECEIPT_TYPES,
  type Purchase,
  type PurchaseInput,
} from '@facturo/shared';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { todayIso } from '../invoices/dates';
import { serverMessageOr } from '../invoices/error-messages';
import { useRemoveReceiptMutation, useSavePurchaseMutation, useUploadReceiptMutation } from './purchases-api';
import { PurchaseReceiptLink } from './purchases-receipt-link';
import {
  emptyPurchaseValues,
  type PurchaseFormValues,
  purchaseValuesOf,
  receiptFileProblem,
  typedHtCents,
} from './purchases-values';

export const PURCHASE_SAVE_ERROR = "Erreur lors de l'enregistrement de l'achat";
export const RECEIPT_UPLOAD_ERROR = "Erreur lors de l'envoi du justificatif";
export const RECEIPT_REMOVE_ERROR = 'Erreur lors du retrait du justificatif';

interface PurchaseFormProps {
  /** The purchase edited, or undefined for a new one. */
  purchase?: Purchase;
  onDone: () => void;
}

/**
 * A purchase's fields and its receipt (issue 18). The purchase is saved first, then the file is sent
 * with a progress bar; if the file is refused, the purchase stays saved and the form stays open on it,
 * so choosing another file does not record the purchase twice.
 */
export function PurchaseForm({ purchase, onDone }: PurchaseFormProps) {
  const [saved, setSaved] = useState<Purchase | undefined>(purchase);
  const [values, setValues] = useState<PurchaseFormValues>(() =>
    purchase ? purchaseValuesOf(purchase) : emptyPurchaseValues(todayIso()),
  );
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSavePurchaseMutation();
  const upload = useUploadReceiptMutation(setProgress);
  const removeReceipt = useRemoveReceiptMutation();
  const fileInputId = useId();
  const pending = save.isPending || upload.isPending || removeReceipt.isPending;
  const ht = typedHtCents(values);

  const set = (key: keyof PurchaseFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's day rule, said before the round trip (a typed year 0 or 20260).
    if (!isCalendarDay(values.dateAchat)) {
      setError(PURCHASE_MESSAGES.date);
      return;
    }
    setError(null);
    const body: PurchaseInput = { ...values };
    let current = saved;
    try {
      current = await save.mutateAsync(
        current ? { kind: 'update', id: current._id, body } : { kind: 'create', body },
      );
      setSaved(current);
    } catch (failure) {
      setError(serverMessageOr(failure, PURCHASE_SAVE_ERROR));
      return;
    }
    if (file) {
      try {
        await upload.mutateAsync({ id: current._id, file });
      } catch (failure) {
        setProgress(null);
        setFileError(serverMessageOr(failure, RECEIPT_UPLOAD_ERROR));
        return;
      }
    }
    toast.success(purchase ? 'Achat modifié' : 'Achat enregistré');
    onDone();
  }

  function chooseFile(chosen: File | undefined) {
    setProgress(null);
    const problem = chosen ? receiptFileProblem(chosen) : null;
    setFileError(problem);
    setFile(chosen && !problem ? chosen : null);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" aria-label="Achat" noValidate>
      {error && <Alert variant="error">{error}</Alert>}
      {saved && !purchase && (
        <Alert variant="info">L’achat est enregistré ; seul le justificatif reste à envoyer.</Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Date d'achat" required>
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              max={todayIso()}
              value={values.dateAchat}
              onChange={(e) => set('dateAchat')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Fournisseur" required>
          {(control) => (
            <Input
              {...control}
              required
              maxLength={140}
              autoComplete="organization"
              value={values.fournisseur}
              onChange={(e) => set('fournisseur')(e.target.value)}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <Field
            label="Description"
            hint="Facultatif : marchandises achetées, numéro de facture du fournisseur…"
          >
            {(control) => (
              <Input
                {...control}
                maxLength={500}
                value={values.description}
                onChange={(e) => set('description')(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Montant TTC (€)" required>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              required
              placeholder="100,50"
              value={values.montantTTC}
              onChange={(e) => set('montantTTC')(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Dont TVA (€)"
          hint={
            ht === null ? 'La TVA ne dépasse pas le montant TTC.' : `Montant HT : ${formatEuros(ht / 100)}`
          }
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={values.montantTVA}
              onChange={(e) => set('montantTVA')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Moyen de paiement">
          {(control) => (
            <Select {...control} value={values.methode} onChange={(e) => set('methode')(e.target.value)}>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {PAYMENT_METHOD_LABELS[method]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <div className="space-y-2">
        <label htmlFor={fileInputId} className="block text-sm font-medium text-slate-800">
          {saved?.justificatif ? 'Remplacer le justificatif' : 'Justificatif'}
        </label>
        {saved?.justificatif && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>Actuel :</span>
            <PurchaseReceiptLink purchase={saved} />
            <Button
              variant="ghost"
              size="sm"
              loading={removeReceipt.isPending}
              disabled={pending}
              onClick={() =>
                removeReceipt.mutate(saved._id, {
                  onSuccess: (updated) => {
                    setSaved(updated);
                    toast.success('Justificatif retiré');
                  },
                  onError: (failure) => setFileError(serverMessageOr(failure, RECEIPT_REMOVE_ERROR)),
                })
              }
            >
              Retirer le justificatif
            </Button>
          </div>
        )}
        <input
          id={fileInputId}
          type="file"
          accept={PURCHASE_RECEIPT_TYPES.join(',')}
          aria-describedby={`${fileInputId}-hint${fileError ? ` ${fileInputId}-error` : ''}`}
          aria-invalid={fileError ? true : undefined}
          disabled={pending}
          onChange={(e) => chooseFile(e.target.files?.[0])}
          className="block w-full text-sm text-slate-700 file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        />
        <p id={`${fileInputId}-hint`} className="text-sm text-slate-600">
          Facultatif : PDF, JPEG ou PNG, 5 Mo au maximum.
        </p>
        {fileError && (
          <p id={`${fileInputId}-error`} role="alert" className="text-sm text-red-700">
            {fileError}
          </p>
        )}
        {progress !== null && (
          <div
            role="progressbar"
            aria-label="Envoi du justificatif"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full bg-indigo-600 transition-[width]"
              style={{ width: `${progress * 100}%` }}
            />
          </div>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={pending}>
          Annuler
        </Button>
        <Button type="submit" loading={pending}>
          {purchase ? 'Enregistrer les modifications' : "Enregistrer l'achat"}
        </Button>
      </div>
    </form>
  );
}
