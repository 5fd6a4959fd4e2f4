import type { AdminUser } from '@facturo/shared';
import { Badge } from '../../components/ui/badge';
import { PLAN_LABELS } from './format';

/** Plan, ban and verification of one account, the same in the table, the cards and the dialog. */
export function UserBadges({
  user,
}: {
  user: Pick<AdminUser, 'planActuel' | 'isBanned' | 'emailVerified' | 'isAdmin'>;
}) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={user.planActuel === 'premium' || user.planActuel === 'business' ? 'indigo' : 'slate'}>
        {PLAN_LABELS[user.planActuel]}
      </Badge>
      {user.isBanned && <Badge tone="red">Banni</Badge>}
      {!user.emailVerified && <Badge tone="amber">E-mail non confirmé</Badge>}
      {user.isAdmin && <Badge tone="emerald">Admin</Badge>}
    </span>
  );
}
