import type { User } from '@facturo/shared';
import { useDeferredValue } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useLogoPreview } from '../../profile/api';
import { QuoteDocument } from '../../quotes/document/quote-document';
import { InvoiceDocument } from '../document/invoice-document';
import type { WizardDocument } from './document-kind';
import type { InvoiceDraft } from './draft';
import { draftToDocument } from './preview';

interface DraftDocumentProps {
  form: UseFormReturn<InvoiceDraft>;
  numero: string;
  dateEmission: string;
  user: User;
  label?: string;
  kind?: WizardDocument;
}

/**
 * The draft drawn as the invoice (or the quote) will print, in the issuer's colour and with their logo:
 * the live preview beside the steps and the last step's full preview. Typing stays fluid: the sheet
 * follows the draft as a deferred value.
 */
export function DraftDocument({
  form,
  numero,
  dateEmission,
  user,
  label,
  kind = 'facture',
}: DraftDocumentProps) {
  const draft = useDeferredValue(form.watch());
  const logo = useLogoPreview(user.aUnLogo).blob;
  const branding = { logo, accentColor: user.couleurAccent };
  const document = draftToDocument(draft, { numero, dateEmission, user });
  return kind === 'devis' ? (
    <QuoteDocument
      quote={{ ...document, dateValidite: draft.dateValidite }}
      branding={branding}
      label={label}
    />
  ) : (
    <InvoiceDocument invoice={document} branding={branding} label={label} />
  );
}
