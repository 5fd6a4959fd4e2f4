import type { Invoice } from '@facturo/shared';
import { Ban, Lock, Pencil } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ContactButton } from '../../messages/contact-button';
import { CANCELLED_EXPLANATION, LOCKED_EXPLANATION } from '../error-messages';
import { PdfButton } from '../pdf/pdf-button';
import { DeleteInvoiceButton } from './delete-invoice-button';
import { EmailButton } from './email-button';
import { SendInternalButton } from './send-internal-button';
import { StatusSelect } from './status-select';

/**
 * The issuer's tools (SPEC §2, §6: only the issuer sees them). A sent or paid invoice is frozen; a
 * cancelled one is frozen too and goes nowhere (the server refuses its sending), so its send buttons
 * are disabled as well, and the note under them says why.
 */
export function IssuerActions({ invoice }: { invoice: Invoice }) {
  const lockedId = useId();
  const locked = invoice.verrouillee;
  const cancelled = invoice.statutEmetteur === 'annulee';
  return (
    <section aria-label="Actions sur la facture" className="space-y-3">
      <div className="flex flex-wrap items-end gap-2">
        <EmailButton invoice={invoice} describedBy={cancelled ? lockedId : undefined} />
        <PdfButton invoice={invoice} />
        <SendInternalButton invoiceId={invoice._id} describedBy={cancelled ? lockedId : undefined} />
        {/* Sent on the platform: its recipient has an account to talk with. */}
        {invoice.destinataire && <ContactButton invoiceId={invoice._id} label="Contacter le client" />}
        {locked ? (
          <Button variant="secondary" disabled aria-describedby={lockedId}>
            <Pencil className="size-4" aria-hidden="true" />
            Modifier
          </Button>
        ) : (
          <Link
            to={`/factures/${encodeURIComponent(invoice._id)}/edit`}
            className={buttonClasses('secondary')}
          >
            <Pencil className="size-4" aria-hidden="true" />
            Modifier
          </Link>
        )}
        <DeleteInvoiceButton invoice={invoice} describedBy={locked ? lockedId : undefined} />
        <div className="w-full sm:ml-auto sm:w-auto">
          <StatusSelect invoice={invoice} />
        </div>
      </div>
      {locked && (
        <p
          id={lockedId}
          className="flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700"
        >
          {cancelled ? (
            <Ban className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          {cancelled ? CANCELLED_EXPLANATION : LOCKED_EXPLANATION}
        </p>
      )}
    </section>
  );
}
