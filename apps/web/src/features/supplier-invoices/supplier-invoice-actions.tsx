import {
  canSupplierInvoice,
  formatEuros,
  REFUSAL_REASON_CODES,
  REFUSAL_REASONS,
  type RefusalReasonCode,
  type SupplierInvoice,
} from '@facturo/shared';
import { Ban, Check, Euro } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Modal } from '../../components/ui/modal';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { localIsoDate } from '../../lib/download';
import { serverMessageOr } from '../invoices/error-messages';
import { useApproveMutation, usePayMutation, useRefuseMutation } from './supplier-invoices-api';

export const ACTION_ERROR = 'Erreur lors de la mise à jour de la facture fournisseur';

type Open = 'approve' | 'refuse' | 'pay' | null;

/** The buyer's decisions the invoice's status allows, each behind a confirmation. */
export function SupplierInvoiceActions({ invoice }: { invoice: SupplierInvoice }) {
  const [open, setOpen] = useState<Open>(null);
  const approve = useApproveMutation(invoice._id);
  const can = (action: 'approbation' | 'refus' | 'paiement') => canSupplierInvoice(action, invoice.statut);
  if (!can('approbation') && !can('refus') && !can('paiement')) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {can('approbation') && (
        <Button onClick={() => setOpen('approve')}>
          <Check className="size-4" aria-hidden="true" />
          Approuver
        </Button>
      )}
      {can('paiement') && (
        <Button variant="secondary" onClick={() => setOpen('pay')}>
          <Euro className="size-4" aria-hidden="true" />
          Marquer comme payée
        </Button>
      )}
      {can('refus') && (
        <Button variant="danger-outline" onClick={() => setOpen('refuse')}>
          <Ban className="size-4" aria-hidden="true" />
          Refuser
        </Button>
      )}

      <ConfirmDialog
        open={open === 'approve'}
        onOpenChange={(next) => {
          if (!next) {
            setOpen(null);
            approve.reset();
          }
        }}
        tone="primary"
        title="Approuver cette facture ?"
        description={`${invoice.fournisseur}, ${formatEuros(invoice.montantTTC)} TTC : le fournisseur est informé de l’approbation et la facture rejoint votre registre des achats.`}
        confirmLabel="Approuver"
        pending={approve.isPending}
        error={
          approve.isError && <Alert variant="error">{serverMessageOr(approve.error, ACTION_ERROR)}</Alert>
        }
        onConfirm={() =>
          approve.mutate(undefined, {
            onSuccess: () => {
              setOpen(null);
              toast.success('Facture approuvée');
            },
          })
        }
      />

      <Modal
        open={open === 'refuse'}
        onOpenChange={(next) => !next && setOpen(null)}
        title="Refuser la facture"
      >
        {open === 'refuse' && <RefuseForm invoice={invoice} onDone={() => setOpen(null)} />}
      </Modal>
      <Modal
        open={open === 'pay'}
        onOpenChange={(next) => !next && setOpen(null)}
        title="Marquer comme payée"
      >
        {open === 'pay' && <PayForm invoice={invoice} onDone={() => setOpen(null)} />}
      </Modal>
    </div>
  );
}

function RefuseForm({ invoice, onDone }: { invoice: SupplierInvoice; onDone: () => void }) {
  const refuse = useRefuseMutation(invoice._id);
  const [code, setCode] = useState<RefusalReasonCode | ''>('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!code || reason.trim() === '') return;
    refuse.mutate(
      { motifCode: code, motif: reason.trim() },
      {
        onSuccess: () => {
          onDone();
          toast.success('Facture refusée');
        },
      },
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-slate-700">
        Le refus est définitif et transmis au fournisseur : il devra émettre un avoir puis une nouvelle
        facture.
      </p>
      <Field label="Motif" required error={touched && !code ? 'Choisissez le motif du refus.' : undefined}>
        {(control) => (
          <Select
            {...control}
            required
            value={code}
            onChange={(event) => setCode(event.target.value as RefusalReasonCode)}
          >
            <option value="">Choisir…</option>
            {REFUSAL_REASON_CODES.map((c) => (
              <option key={c} value={c}>
                {REFUSAL_REASONS[c]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Explication pour le fournisseur"
        required
        error={touched && reason.trim() === '' ? 'Expliquez le refus au fournisseur.' : undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            required
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      {refuse.isError && <Alert variant="error">{serverMessageOr(refuse.error, ACTION_ERROR)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone} disabled={refuse.isPending}>
          Annuler
        </Button>
        <Button type="submit" variant="danger" loading={refuse.isPending}>
          Refuser la facture
        </Button>
      </div>
    </form>
  );
}

function PayForm({ invoice, onDone }: { invoice: SupplierInvoice; onDone: () => void }) {
  const pay = usePayMutation(invoice._id);
  const [day, setDay] = useState(() => localIsoDate(new Date()));
  function submit(event: FormEvent) {
    event.preventDefault();
    pay.mutate(
      { datePaiement: day },
      {
        onSuccess: () => {
          onDone();
          toast.success('Facture marquée comme payée');
        },
      },
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-700">
        {formatEuros(invoice.netAPayer)} à {invoice.fournisseur} : le fournisseur est informé que le paiement
        est transmis.
      </p>
      <Field label="Date du paiement" required>
        {(control) => (
          <Input
            {...control}
            type="date"
            required
            value={day}
            max={localIsoDate(new Date())}
            onChange={(event) => setDay(event.target.value)}
          />
        )}
      </Field>
      {pay.isError && <Alert variant="error">{serverMessageOr(pay.error, ACTION_ERROR)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone} disabled={pay.isPending}>
          Annuler
        </Button>
        <Button type="submit" loading={pay.isPending}>
          Confirmer le paiement
        </Button>
      </div>
    </form>
  );
}
