import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { ButtonVariant } from '../../components/ui/button-styles';
import { useResendVerificationMutation } from './api';
import { describeResendError } from './error-messages';

export const RESEND_CONFIRMATION_LABEL = "Renvoyer l'email de confirmation";

interface ResendVerificationButtonProps {
  /** Resolves to the address to use, or null when the page's e-mail field is invalid (it then shows why). */
  getEmail: () => Promise<string | null> | string | null;
  variant?: ButtonVariant;
  label?: string;
}

/** POST /auth/resend-verification with the address the user typed; success is a toast, failure an alert. */
export function ResendVerificationButton({
  getEmail,
  variant = 'secondary',
  label = RESEND_CONFIRMATION_LABEL,
}: ResendVerificationButtonProps) {
  const resend = useResendVerificationMutation();
  const [error, setError] = useState<string | null>(null);

  async function handleClick() {
    setError(null);
    const email = await getEmail();
    if (!email) return;
    resend.mutate(email, {
      onSuccess: (data) => toast.success(data.message),
      onError: (failure) => setError(describeResendError(failure)),
    });
  }

  return (
    <div className="space-y-2">
      <Button variant={variant} size="sm" loading={resend.isPending} onClick={handleClick}>
        {label}
      </Button>
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}
