import type { Purchase } from '@facturo/shared';
import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { describeActionError } from '../invoices/error-messages';
import { downloadReceipt } from './purchases-api';
import { fileSize } from './purchases-values';

export const RECEIPT_DOWNLOAD_ERROR = 'Erreur lors du téléchargement du justificatif';

/** The purchase's receipt as a link-looking button: fetched with the session's token, saved under its name. */
export function PurchaseReceiptLink({
  purchase,
  compact = false,
}: {
  purchase: Purchase;
  /** In a table cell: a dash (named for screen readers) when there is none. */
  compact?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const receipt = purchase.justificatif;
  if (!receipt) {
    return compact ? (
      <span className="text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Sans justificatif</span>
      </span>
    ) : (
      <span className="text-slate-500">Sans justificatif</span>
    );
  }

  async function open() {
    setPending(true);
    try {
      await downloadReceipt(purchase);
    } catch (error) {
      const { message, detail } = describeActionError(error, RECEIPT_DOWNLOAD_ERROR);
      toast.error(message, { description: detail });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button
      variant="link"
      loading={pending}
      onClick={() => void open()}
      aria-label={`Télécharger le justificatif ${receipt.nom} (${fileSize(receipt.taille)})`}
      className="max-w-full"
    >
      {!pending && <Paperclip className="size-4 shrink-0" aria-hidden="true" />}
      <span className="truncate">{receipt.nom}</span>
    </Button>
  );
}
