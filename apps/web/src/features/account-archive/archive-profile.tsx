import type { User } from '@facturo/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextLink } from '../../components/ui/text-link';
import { formatDateFr } from '../invoices/dates';
import { ProfileSection } from '../profile/profile-section';
import { EraseArchiveDialog } from './erase-archive-dialog';

/**
 * /profil of a closed account's read-only session: nothing left to set, only what the archive is, until
 * when it can be read, how to take it away, and « Supprimer définitivement ».
 */
export function ArchiveProfile({ user, until }: { user: User; until: string }) {
  const [erasing, setErasing] = useState(false);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Mon profil · Facturo</title>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Mon profil</h1>
        <p className="mt-1 text-sm text-slate-600">
          Votre compte est clôturé : il reste consultable, en lecture seule.
        </p>
      </header>
      <ProfileSection
        id="archive"
        title="Archive en consultation seule"
        description="Ce que la loi vous impose de conserver, et jusqu’à quand."
      >
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-900">Consultable jusqu’au</dt>
          <dd className="text-slate-700" data-testid="archive-jusqu-au">
            {formatDateFr(until)}
          </dd>
          <dt className="font-medium text-slate-900">Connexion</dt>
          <dd className="text-slate-700">
            avec l’adresse <span className="font-medium break-all">{user.email}</span> et votre mot de passe
          </dd>
        </dl>
        <p className="mt-4 text-sm text-slate-700">
          Vos factures émises et reçues, votre livre des recettes, votre registre des numéros, vos achats, vos
          factures fournisseurs, votre FEC, votre journal et vos archives annuelles restent consultables et
          téléchargeables ; plus rien ne peut y être modifié. Téléchargez-les depuis{' '}
          <TextLink to="/comptabilite">Comptabilité</TextLink> et <TextLink to="/factures">Factures</TextLink>
          .
        </p>
      </ProfileSection>
      <ProfileSection
        id="supprimer-archive"
        title="Supprimer définitivement"
        description="Une fois vos archives téléchargées, vous pouvez tout effacer sans attendre la fin de la conservation."
      >
        <Button variant="danger-outline" onClick={() => setErasing(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Supprimer définitivement
        </Button>
        <EraseArchiveDialog open={erasing} onOpenChange={setErasing} />
      </ProfileSection>
    </div>
  );
}
