import type { InvitationAcceptResponse } from '@facturo/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingStatus } from '../../components/ui/loading-status';
import { SIGNED_IN_HOME_PATH } from '../../lib/access';
import { useSession } from '../../lib/session';
import { AuthLayout } from '../auth/auth-layout';
import { useInvitation } from './api';
import { InvitationDeadEnd } from './invitation-dead-end';
import { InvitationForm } from './invitation-form';
import { type InvitationProblem, invitationProblem, MISSING_TOKEN_PROBLEM } from './invitation-problem';
import { InvitationSummary } from './invitation-summary';

const TITLE = 'Votre invitation';

/** Where the document lives once signed in. */
function documentPath(document: InvitationAcceptResponse['document']): string {
  if (!document) return SIGNED_IN_HOME_PATH;
  return document.kind === 'devis' ? `/devis/${document.id}` : `/factures/${document.id}`;
}

/**
 * /invitation?token=… (issue 17): a particulier invited by a document sent on the platform reads who sent
 * which document, chooses names and password, and lands signed in on that document.
 */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [accepted, setAccepted] = useState(false);
  const invitation = useInvitation(token, !accepted);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [deadLink, setDeadLink] = useState<InvitationProblem | null>(null);

  function handleAccepted(session: InvitationAcceptResponse) {
    // Before signing in, whose cache clearing would otherwise read the spent link again (a 409).
    setAccepted(true);
    signIn(session.token, session.user);
    navigate(documentPath(session.document), { replace: true });
  }

  const problem =
    deadLink ??
    (token === '' ? MISSING_TOKEN_PROBLEM : invitation.isError ? invitationProblem(invitation.error) : null);
  if (problem) {
    return (
      <AuthLayout title={TITLE}>
        <InvitationDeadEnd problem={problem} onRetry={() => void invitation.refetch()} />
      </AuthLayout>
    );
  }
  if (!invitation.data) {
    return (
      <AuthLayout title={TITLE}>
        <LoadingStatus>Chargement de l’invitation…</LoadingStatus>
      </AuthLayout>
    );
  }
  const kind = invitation.data.document?.kind;
  return (
    <AuthLayout
      title={TITLE}
      description="Indiquez votre nom et choisissez votre mot de passe pour accéder à votre espace."
    >
      <div className="space-y-6">
        <InvitationSummary invitation={invitation.data} />
        <InvitationForm
          token={token}
          submitLabel={
            kind === 'devis'
              ? 'Créer mon espace et voir le devis'
              : kind === 'facture'
                ? 'Créer mon espace et voir la facture'
                : 'Créer mon espace'
          }
          onAccepted={handleAccepted}
          onDeadLink={setDeadLink}
        />
      </div>
    </AuthLayout>
  );
}
