import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextLink } from '../../components/ui/text-link';
import { LOGIN_PATH } from '../../lib/access';
import type { InvitationProblem } from './invitation-problem';

/** A link that cannot be used: what happened, and where to go from here. */
export function InvitationDeadEnd({ problem, onRetry }: { problem: InvitationProblem; onRetry: () => void }) {
  return (
    <div className="space-y-5">
      <Alert variant="error">
        <p>{problem.message}</p>
      </Alert>
      {problem.way === 'retry' && (
        <Button type="button" onClick={onRetry}>
          Réessayer
        </Button>
      )}
      <ul className="space-y-2 text-sm">
        {problem.way === 'new-link' && (
          <li>
            <TextLink to="/reset-password">Demander un nouveau lien</TextLink>
          </li>
        )}
        <li>
          <TextLink to={LOGIN_PATH}>Se connecter</TextLink>
        </li>
      </ul>
    </div>
  );
}
