import { emailSchema } from '@facturo/shared';
import { useState } from 'react';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ResendVerificationButton } from './resend-verification-button';

/** For an expired confirmation link: the page knows no address, so the user types it. */
export function ResendVerificationForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  function validEmail(): string | null {
    const parsed = emailSchema.safeParse(email);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data : null;
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">Recevez un nouveau lien de confirmation :</p>
      <Field label="Adresse email" error={error}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <ResendVerificationButton getEmail={validEmail} variant="primary" />
    </div>
  );
}
