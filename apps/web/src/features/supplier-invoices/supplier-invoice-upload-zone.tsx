import { SUPPLIER_INVOICE_MAX_BYTES, SUPPLIER_INVOICE_MESSAGES } from '@facturo/shared';
import { Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { useUploadSupplierInvoiceMutation } from './supplier-invoices-api';
import { SupplierInvoiceUploadError } from './supplier-invoices-upload';

export const UPLOAD_ERROR = 'Erreur lors du dépôt de la facture';

/**
 * Drop a received e-invoice (Factur-X PDF, CII or UBL XML) or pick it: sent with a progress bar, then
 * opened. The server decides what the file is; a duplicate links to the invoice already there.
 */
export function SupplierInvoiceUploadZone() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const upload = useUploadSupplierInvoiceMutation(setProgress);

  function send(file: File | undefined) {
    if (!file) return;
    upload.reset();
    // Said at once rather than after sending 10 Mo for nothing.
    setTooLarge(file.size > SUPPLIER_INVOICE_MAX_BYTES);
    if (file.size > SUPPLIER_INVOICE_MAX_BYTES) return;
    upload.mutate(file, {
      onSuccess: (invoice) => {
        toast.success(`Facture ${invoice.numero} de ${invoice.fournisseur} reçue`);
        void navigate(`/factures-fournisseurs/${invoice._id}`);
      },
    });
  }

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  }

  const error = upload.error instanceof SupplierInvoiceUploadError ? upload.error : null;
  return (
    <div className="space-y-3">
      <section
        aria-label="Dépôt d’une facture fournisseur"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-6 text-center',
          dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white',
        )}
      >
        <Upload className="size-6 text-slate-500" aria-hidden="true" />
        <p className="text-sm text-slate-700">
          Glissez ici une facture reçue hors plateforme : Factur-X (PDF), CII ou UBL (XML), 10 Mo au plus.
        </p>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".pdf,.xml,application/pdf,application/xml,text/xml"
          className="sr-only"
          aria-label="Choisir une facture fournisseur à déposer"
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
          Choisir un fichier
        </Button>
        {upload.isPending && (
          <div className="w-full max-w-xs">
            <progress className="h-2 w-full" max={1} value={progress} aria-label="Envoi de la facture" />
          </div>
        )}
      </section>
      {tooLarge && <Alert variant="error">{SUPPLIER_INVOICE_MESSAGES.tooLarge}</Alert>}
      {error && (
        <Alert variant="error">
          {error.apiError.serverMessage ?? UPLOAD_ERROR}
          {error.existingId && (
            <>
              {' '}
              <Link
                to={`/factures-fournisseurs/${error.existingId}`}
                className="font-medium underline underline-offset-2"
              >
                Voir la facture déjà reçue
              </Link>
            </>
          )}
        </Alert>
      )}
    </div>
  );
}
