import {
  EMAIL_RECIPIENT_REQUIRED_MESSAGE,
  type Invoice,
  type SendInvoiceEmailInput,
  sendInvoiceEmailSchema,
} from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { defaultEmailValues, isBlank } from './email-defaults';

export type SendEmailBody = z.output<typeof sendInvoiceEmailSchema>;

interface EmailFormProps {
  pending: boolean;
  /** The server's refusal (SPEC §8: the e-mail alert shows its message). */
  failure: string | null;
  /** Receives the values as the API expects them: checked by the shared schema, trimmed. */
  onSubmit: (body: SendEmailBody) => void;
}

/** The Email popup's fields (SPEC §2, §5): recipient, subject and message, prefilled from the invoice. */
export function EmailInvoiceForm({ invoice, ...props }: EmailFormProps & { invoice: Invoice }) {
  return (
    <EmailDocumentForm
      {...props}
      defaultValues={defaultEmailValues(invoice)}
      notice={
        invoice.verrouillee
          ? null
          : "Une fois l'email envoyé, la facture passe au statut Envoyée et ne peut plus être modifiée."
      }
    />
  );
}

/** The same fields for any document (a quote too, issue 15): its starting values and its note. */
export function EmailDocumentForm({
  defaultValues,
  notice,
  pending,
  failure,
  onSubmit,
}: EmailFormProps & { defaultValues: SendInvoiceEmailInput; notice: string | null }) {
  const form = useForm<SendInvoiceEmailInput, unknown, SendEmailBody>({
    // The API's own schema: an address it would refuse is caught here, with the same French words.
    resolver: zodResolver(sendInvoiceEmailSchema),
    defaultValues,
    // Not while typing an address for the first time: only once the field was left, then live.
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const recipientAlertId = useId();
  // Watched on every keystroke: SPEC §5 disables Send while either is blank, and says why at once.
  const recipientBlank = isBlank(form.watch('to'));
  const subjectBlank = isBlank(form.watch('subject'));

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      {recipientBlank && (
        <div id={recipientAlertId}>
          <Alert variant="error">{EMAIL_RECIPIENT_REQUIRED_MESSAGE}</Alert>
        </div>
      )}
      <Field
        label="Destinataire"
        required
        invalid={recipientBlank}
        // Blank is said by the alert above; an address that is not one is said under the field.
        error={recipientBlank ? undefined : errors.to?.message}
      >
        {(control) => (
          <Input
            {...control}
            aria-describedby={
              [control['aria-describedby'], recipientBlank ? recipientAlertId : null]
                .filter(Boolean)
                .join(' ') || undefined
            }
            type="email"
            autoComplete="email"
            required
            {...form.register('to')}
          />
        )}
      </Field>
      <Field label="Objet" required error={errors.subject?.message}>
        {(control) => <Input {...control} autoComplete="off" required {...form.register('subject')} />}
      </Field>
      <Field label="Message" error={errors.message?.message}>
        {(control) => <Textarea {...control} rows={10} {...form.register('message')} />}
      </Field>
      {notice && <p className="text-sm text-slate-600">{notice}</p>}
      {failure && <Alert variant="error">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={pending}>
            Annuler
          </Button>
        </Dialog.Close>
        <Button type="submit" loading={pending} disabled={recipientBlank || subjectBlank}>
          {!pending && <Send className="size-4" aria-hidden="true" />}
          Envoyer l'email
        </Button>
      </div>
    </form>
  );
}
