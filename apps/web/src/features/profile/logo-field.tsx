import { LOGO_ACCEPTED_TYPES } from '@facturo/shared';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ImageFromBlob } from '../../components/ui/image-from-blob';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { ApiError } from '../../lib/api-error';
import { useDeleteLogoMutation, useLogoPreview, useUploadLogoMutation } from './api';
import { logoFileProblem } from './logo-file';

export const LOGO_UPLOAD_ERROR = 'Erreur lors de l’envoi du logo';
export const LOGO_DELETE_ERROR = 'Erreur lors de la suppression du logo';
export const LOGO_LOAD_ERROR = 'Erreur lors du chargement du logo';

/** The server's sentence for a refused image (type, size), else ours. */
function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.isNetworkError && error.status < 500
    ? (error.serverMessage ?? fallback)
    : fallback;
}

/** The logo printed at the top of the invoices: a preview of the saved one, a file to send, a removal. */
export function LogoField({ hasLogo }: { hasLogo: boolean }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useLogoPreview(hasLogo);
  const upload = useUploadLogoMutation();
  const remove = useDeleteLogoMutation();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) is a change too.
    event.target.value = '';
    if (!file) return;
    const problem = logoFileProblem(file);
    setError(problem);
    if (problem) return;
    upload.mutate(file, {
      onSuccess: () => toast.success('Logo enregistré'),
      onError: (failure) => setError(failureMessage(failure, LOGO_UPLOAD_ERROR)),
    });
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-24 w-full shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-2 sm:w-48">
          {preview.isLoading ? (
            <LoadingStatus>Chargement du logo...</LoadingStatus>
          ) : preview.blob ? (
            <ImageFromBlob blob={preview.blob} label="Votre logo" maxWidth={176} maxHeight={80} />
          ) : preview.isError ? null : (
            <p className="flex flex-col items-center gap-1 text-center text-xs text-slate-600">
              <ImageIcon className="size-5 text-slate-500" aria-hidden="true" />
              Aucun logo
            </p>
          )}
        </div>
        <div className="space-y-2">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {hasLogo ? 'Remplacer le logo' : 'Ajouter un logo'}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={LOGO_ACCEPTED_TYPES.join(',')}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            aria-invalid={error ? true : undefined}
            disabled={upload.isPending}
            onChange={onFileChosen}
            className="block w-full text-sm text-slate-700 file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          />
          <p id={hintId} className="text-sm text-slate-600">
            PNG, JPEG ou WebP, 1 Mo au maximum. Il est redimensionné pour l’impression.
          </p>
          {upload.isPending && (
            <LoadingStatus>
              <Upload className="size-4" aria-hidden="true" /> Envoi du logo...
            </LoadingStatus>
          )}
          {hasLogo && (
            <Button variant="danger-outline" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Supprimer le logo
            </Button>
          )}
        </div>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {preview.isError && <LoadError message={LOGO_LOAD_ERROR} query={preview.query} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title="Supprimer le logo ?"
        description="Vos prochaines factures seront imprimées sans logo."
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={
          remove.isError && <Alert variant="error">{failureMessage(remove.error, LOGO_DELETE_ERROR)}</Alert>
        }
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setError(null);
              toast.success('Logo supprimé');
              inputRef.current?.focus();
            },
          })
        }
      />
    </div>
  );
}
