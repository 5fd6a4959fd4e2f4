import { blockingChannel, DOCUMENT_MESSAGES, einvoicingBuyerSiren, type Invoice } from '@facturo/shared';
import { Ban, Copy, Lock, Pencil } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ContactButton } from '../../messages/contact-button';
import { CreditNoteButton } from '../credit-note/credit-note-button';
import { canDuplicate, canIssueCreditNote, duplicatePath } from '../document-kind';
import { SendViaPlatformButton } from '../einvoicing/send-via-platform-button';
import { CANCELLED_EXPLANATION, CREDITED_EXPLANATION, LOCKED_EXPLANATION } from '../error-messages';
import { PdfButton } from '../pdf/pdf-button';
import { DeleteInvoiceButton } from './delete-invoice-button';
import { EmailButton } from './email-button';
import { SendHints } from './send-hints';
import { SendInternalButton } from './send-internal-button';
import { sendEmailHint, sendPlatformHint } from './send-labels';
import { StatusSelect } from './status-select';

/**
 * The issuer's tools (SPEC §2, §6: only the issuer sees them). A sent or paid invoice is frozen; a
 * cancelled one is frozen too and goes nowhere (the server refuses its sending), so its send buttons
 * are disabled as well, and the note under them says why. Issue 15: the note of a frozen invoice or
 * deposit carries « Émettre un avoir »; a credit note is final, so it offers neither edit nor deletion.
 */
export function IssuerActions({ invoice }: { invoice: Invoice }) {
  const lockedId = useId();
  const emailHintId = useId();
  const platformHintId = useId();
  const creditNote = invoice.type === 'avoir';
  const locked = invoice.verrouillee;
  const cancelled = invoice.statutEmetteur === 'annulee';
  return (
    <section aria-label="Actions sur la facture" className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <EmailButton
          invoice={invoice}
          disabled={cancelled}
          describedBy={cancelled ? lockedId : emailHintId}
        />
        <PdfButton invoice={invoice} />
        {/* One channel once the approved platform is involved: the buyer never holds the invoice twice. */}
        {!blockingChannel(invoice.cycle.canal, 'facturo') && (
          <SendInternalButton
            invoice={invoice}
            disabled={cancelled}
            describedBy={cancelled ? lockedId : platformHintId}
          />
        )}
        {/* Issue 19: to a French business, the e-invoice goes through the approved platform. */}
        {!cancelled &&
          einvoicingBuyerSiren(invoice.client) !== null &&
          !blockingChannel(invoice.cycle.canal, 'plateforme_agreee') && (
            <SendViaPlatformButton invoice={invoice} />
          )}
        {/* Sent on the platform: its recipient has an account to talk with. */}
        {invoice.destinataire && <ContactButton invoiceId={invoice._id} label="Contacter le client" />}
        {canDuplicate(invoice) && (
          <Link to={duplicatePath(invoice._id)} className={buttonClasses('secondary')}>
            <Copy className="size-4" aria-hidden="true" />
            Dupliquer
          </Link>
        )}
        {!creditNote && <EditLink invoice={invoice} describedBy={locked ? lockedId : undefined} />}
        {!creditNote && <DeleteInvoiceButton invoice={invoice} describedBy={locked ? lockedId : undefined} />}
        <div className="w-full sm:ml-auto sm:w-auto">
          <StatusSelect invoice={invoice} />
        </div>
      </div>
      {!cancelled && (
        <SendHints
          emailHintId={emailHintId}
          emailHint={sendEmailHint('la facture')}
          platformHintId={platformHintId}
          platformHint={sendPlatformHint('la facture')}
        />
      )}
      {creditNote ? (
        <Note id={lockedId} icon="lock">
          {DOCUMENT_MESSAGES.creditNoteLocked}
        </Note>
      ) : (
        locked && (
          <Note
            id={lockedId}
            icon={cancelled ? 'ban' : 'lock'}
            action={canIssueCreditNote(invoice) && <CreditNoteButton invoice={invoice} />}
          >
            {cancelled
              ? CANCELLED_EXPLANATION
              : invoice.annuleeParAvoir
                ? CREDITED_EXPLANATION
                : LOCKED_EXPLANATION}
          </Note>
        )
      )}
    </section>
  );
}

function EditLink({ invoice, describedBy }: { invoice: Invoice; describedBy?: string }) {
  if (invoice.verrouillee) {
    return (
      <Button variant="secondary" disabled aria-describedby={describedBy}>
        <Pencil className="size-4" aria-hidden="true" />
        Modifier
      </Button>
    );
  }
  return (
    <Link to={`/factures/${encodeURIComponent(invoice._id)}/edit`} className={buttonClasses('secondary')}>
      <Pencil className="size-4" aria-hidden="true" />
      Modifier
    </Link>
  );
}

interface NoteProps {
  /** The sentence's id: the disabled buttons it explains point at it (not at the action beside it). */
  id: string;
  icon: 'lock' | 'ban';
  children: ReactNode;
  action?: ReactNode;
}

/** Why the document cannot be changed, and what to do instead when there is something. */
function Note({ id, icon, children, action }: NoteProps) {
  const Icon = icon === 'ban' ? Ban : Lock;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
      <p id={id} className="flex min-w-0 flex-1 items-start gap-2">
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{children}</span>
      </p>
      {action}
    </div>
  );
}
