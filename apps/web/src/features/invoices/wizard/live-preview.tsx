import type { User } from '@facturo/shared';
import { useDeferredValue } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useLogoPreview } from '../../profile/api';
import { InvoiceDocument } from '../document/invoice-document';
import type { InvoiceDraft } from './draft';
import { draftToDocument } from './preview';

interface DraftDocumentProps {
  form: UseFormReturn<InvoiceDraft>;
  numero: string;
  dateEmission: string;
  user: User;
  label?: string;
}

/**
 * The draft drawn as the invoice will print, in the issuer's colour and with their logo: the live
 * preview beside the steps and the last step's full preview. Typing stays fluid: the sheet follows
 * the draft as a deferred value.
 */
export function DraftDocument({ form, numero, dateEmission, user, label }: DraftDocumentProps) {
  const draft = useDeferredValue(form.watch());
  const logo = useLogoPreview(user.aUnLogo).blob;
  const invoice = draftToDocument(draft, { numero, dateEmission, user });
  return (
    <InvoiceDocument invoice={invoice} branding={{ logo, accentColor: user.couleurAccent }} label={label} />
  );
}
