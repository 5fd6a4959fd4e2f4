import { Check, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';
import { useDialogTrigger } from '../../invoices/detail/use-dialog-trigger';

export type QuoteAnswer = 'acceptee' | 'refusee';

interface AnswerButtonProps {
  answer: QuoteAnswer;
  /** The button's word: « Accepter », « Marquer accepté »… */
  label: string;
  title: string;
  description: ReactNode;
  pending: boolean;
  /** Resolves when the answer was recorded (the dialog closes), rejects with the sentence to show. */
  onConfirm: (commentaire: string) => Promise<void>;
}

/**
 * An answer to a quote, confirmed in a dialog with an optional comment: the recipient's on the platform,
 * or the one the issuer received elsewhere. Nothing is recorded until « Confirmer ».
 */
export function AnswerButton({ answer, label, title, description, pending, onConfirm }: AnswerButtonProps) {
  const [comment, setComment] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const dialog = useDialogTrigger(pending, () => {
    setFailure(null);
    setComment('');
  });
  const accepting = answer === 'acceptee';

  async function confirm() {
    setFailure(null);
    try {
      await onConfirm(comment.trim());
      dialog.close();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <>
      <Button
        variant={accepting ? 'primary' : 'secondary'}
        {...dialog.trigger}
        className={accepting ? undefined : 'text-red-700 hover:text-red-800'}
      >
        {accepting ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <X className="size-4" aria-hidden="true" />
        )}
        {label}
      </Button>
      <Modal {...dialog.modal} title={title} description={description}>
        <div className="space-y-4">
          <Field label="Commentaire" hint="Facultatif">
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                maxLength={1000}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
            )}
          </Field>
          {failure && <Alert variant="error">{failure}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={pending} onClick={dialog.close}>
              Annuler
            </Button>
            <Button
              variant={accepting ? 'primary' : 'danger'}
              loading={pending}
              onClick={() => void confirm()}
            >
              Confirmer
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
