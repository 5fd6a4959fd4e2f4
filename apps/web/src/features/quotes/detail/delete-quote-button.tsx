import type { Quote } from '@facturo/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteQuoteMutation } from '../api';
import { QUOTE_DELETE_ERROR, QUOTES_PATH } from '../messages';
import { refusalSentence } from './refusal';

/**
 * Supprimer, after a confirmation (issue 15): only a quote that never went out is deleted for real (its
 * number is not given again); a sent one stays, the server says why.
 */
export function DeleteQuoteButton({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const remove = useDeleteQuoteMutation();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
        className="text-red-700 hover:text-red-800"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Supprimer
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Supprimer ce devis ?"
        description={`Le devis ${quote.numero} sera supprimé. Son numéro ne sera pas réutilisé.`}
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={failure && <Alert variant="error">{failure}</Alert>}
        onConfirm={() =>
          remove.mutate(quote._id, {
            onSuccess: () => {
              setOpen(false);
              toast.success(`Devis ${quote.numero} supprimé`);
              navigate(QUOTES_PATH, { replace: true });
            },
            onError: (error) => setFailure(refusalSentence(error, QUOTE_DELETE_ERROR)),
          })
        }
      />
    </>
  );
}
