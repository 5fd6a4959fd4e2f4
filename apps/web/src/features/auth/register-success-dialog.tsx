import { formatSiretInput, type RegisterResponse } from '@facturo/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { LOGIN_PATH } from '../../lib/access';
import { useResendVerificationMutation } from './api';
import { describeResendError } from './error-messages';

export const DELIVERY_DELAY_NOTICE = "La réception de l'email peut prendre de 5 à 30 minutes.";

interface RegisterSuccessDialogProps {
  result: RegisterResponse | null;
  onClose: () => void;
}

/** After sign-up (SPEC §2): what was registered, when the e-mail should arrive, and what to do next. */
export function RegisterSuccessDialog({ result, onClose }: RegisterSuccessDialogProps) {
  const navigate = useNavigate();
  const resend = useResendVerificationMutation();
  const [resendError, setResendError] = useState<string | null>(null);

  function handleResend() {
    if (!result) return;
    setResendError(null);
    resend.mutate(result.userEmail, {
      onSuccess: (data) => toast.success(data.message),
      onError: (failure) => setResendError(describeResendError(failure)),
    });
  }

  return (
    <Modal
      open={result !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Vérifiez votre boîte mail"
      description="Votre compte est créé. Confirmez votre adresse email pour pouvoir vous connecter."
    >
      {result && (
        <div className="space-y-4">
          <dl className="space-y-3 rounded-lg bg-slate-50 p-4 text-sm">
            <div>
              <dt className="text-slate-600">SIRET</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{formatSiretInput(result.siret)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Email de confirmation envoyé à</dt>
              <dd className="font-medium break-all text-slate-900">{result.userEmail}</dd>
            </div>
          </dl>
          <Alert variant="info">{DELIVERY_DELAY_NOTICE}</Alert>
          {resendError && <Alert variant="error">{resendError}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" loading={resend.isPending} onClick={handleResend}>
              Renvoyer l'email
            </Button>
            <Button onClick={() => navigate(LOGIN_PATH)}>Aller à la connexion</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
