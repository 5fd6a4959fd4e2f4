import type { User } from '@facturo/shared';
import { LogOut, Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { BECOME_PRO_PATH, LOGIN_PATH } from '../../lib/access';
import { useSession } from '../../lib/session';
import { isArchiveSession } from '../account-archive/archive-access';

/** Upgrade call to action that fits the account (SPEC §2), then logout. */
export function AccountActions({ user }: { user: User }) {
  const navigate = useNavigate();
  const { signOut } = useSession();
  const isPro = user.role === 'professionnel';
  // A closed account's archive changes neither its role nor its plan.
  const upgradable = !isArchiveSession(user);

  function logout() {
    signOut();
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <div className="space-y-2">
      {upgradable && !isPro && (
        <Button className="w-full" onClick={() => navigate(BECOME_PRO_PATH)}>
          <Sparkles className="size-4" aria-hidden="true" />
          Passer en mode Pro
        </Button>
      )}
      {upgradable && isPro && user.planActuel === 'gratuit' && (
        <Button className="w-full" onClick={() => navigate('/subscription')}>
          <Sparkles className="size-4" aria-hidden="true" />
          Passer Premium
        </Button>
      )}
      <Button variant="ghost" className="w-full justify-start" onClick={logout}>
        <LogOut className="size-4" aria-hidden="true" />
        Déconnexion
      </Button>
    </div>
  );
}
