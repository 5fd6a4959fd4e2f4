import { lacksRegistration, type User } from '@facturo/shared';
import type { UseFormReturn } from 'react-hook-form';
import { RegistrationWarning } from '../../profile/registration-warning';
import { DOCUMENT_WORDS, type WizardDocument } from './document-kind';
import type { InvoiceDraft } from './draft';
import { DraftDocument } from './live-preview';

interface StepPreviewProps {
  form: UseFormReturn<InvoiceDraft>;
  numero: string;
  dateEmission: string;
  user: User;
  kind?: WizardDocument;
}

/**
 * Step 5 (SPEC §2): the invoice exactly as the detail page will print it, before it is generated; warned
 * when the profile names no register and is not marked « Dispensé d’immatriculation ».
 */
export function StepPreview({ form, numero, dateEmission, user, kind = 'facture' }: StepPreviewProps) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Vérifiez {DOCUMENT_WORDS[kind].the} avant de {kind === 'devis' ? 'le' : 'la'} générer.
      </p>
      {lacksRegistration(user) && <RegistrationWarning toProfile />}
      <div className="rounded-xl bg-slate-100 p-2 sm:p-6">
        <DraftDocument form={form} numero={numero} dateEmission={dateEmission} user={user} kind={kind} />
      </div>
    </div>
  );
}
