import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  type ContactRequest,
  contactRequestSchema,
} from '@facturo/shared/public-forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useHydrated } from '../../../lib/use-hydrated';
import { type ContactBody, useContactMutation } from '../api';
import { describePublicFormError } from './error-message';
import { FormConfirmation } from './form-confirmation';

const numberFormat = new Intl.NumberFormat('fr-FR');

/** The subject starts unchosen (the select's empty option), so the schema's "Choisissez un sujet" applies. */
const EMPTY_CONTACT: Partial<ContactRequest> = { nom: '', email: '', message: '' };

/** /contact: the visitor's message goes to the support team, who answer by e-mail. */
export function ContactForm() {
  const contact = useContactMutation();
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const refocusForm = useRef(false);
  const form = useForm<ContactRequest, unknown, ContactBody>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: EMPTY_CONTACT,
  });
  const { errors } = form.formState;
  const messageLength = (form.watch('message') ?? '').length;

  // Back from the confirmation, the keyboard starts again where the form starts.
  useEffect(() => {
    if (sent === null && refocusForm.current) {
      refocusForm.current = false;
      form.setFocus('nom');
    }
  }, [sent, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (contact.isPending) return;
    setError(null);
    contact.mutate(values, {
      onSuccess: (answer) => setSent(answer.message),
      onError: (failure) => setError(describePublicFormError(failure)),
    });
  });

  const writeAnother = () => {
    form.reset(EMPTY_CONTACT);
    contact.reset();
    refocusForm.current = true;
    setSent(null);
  };

  if (sent !== null) {
    return (
      <FormConfirmation title="Message envoyé" message={sent}>
        <Button variant="secondary" onClick={writeAnother}>
          Envoyer un autre message
        </Button>
      </FormConfirmation>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
        {error && <Alert variant="error">{error}</Alert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Nom" error={errors.nom?.message} required>
            {(control) => <Input {...control} autoComplete="name" required {...form.register('nom')} />}
          </Field>
          <Field label="Adresse email" error={errors.email?.message} required>
            {(control) => (
              <Input {...control} type="email" autoComplete="email" required {...form.register('email')} />
            )}
          </Field>
        </div>
        <Field label="Sujet" error={errors.sujet?.message} required>
          {(control) => (
            <Select {...control} required {...form.register('sujet')}>
              <option value="">Choisissez un sujet</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {CONTACT_SUBJECT_LABELS[subject]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Message"
          error={errors.message?.message}
          required
          hint={`${numberFormat.format(messageLength)} / ${numberFormat.format(CONTACT_MESSAGE_MAX_LENGTH)} caractères`}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={7}
              maxLength={CONTACT_MESSAGE_MAX_LENGTH}
              required
              {...form.register('message')}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full sm:w-auto" loading={contact.isPending}>
          {contact.isPending ? 'Envoi en cours…' : 'Envoyer le message'}
        </Button>
      </fieldset>
    </form>
  );
}
