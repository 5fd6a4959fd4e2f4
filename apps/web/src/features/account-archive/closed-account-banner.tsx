import { closedAccountBanner } from '@facturo/shared';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EraseArchiveDialog } from './erase-archive-dialog';

/**
 * Above every page of a closed account's read-only session: until when it can be read, and
 * « Supprimer définitivement » for a holder who downloaded the archive and wants nothing kept.
 */
export function ClosedAccountBanner({ until }: { until: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mb-6" data-testid="bandeau-compte-cloture">
      <Alert variant="info" title={closedAccountBanner(until)}>
        <p>
          Vos factures, vos livres, votre FEC, votre journal et vos archives annuelles restent consultables et
          téléchargeables pendant la durée légale de conservation ; plus rien ne peut être modifié.
        </p>
        <Button variant="danger-outline" onClick={() => setOpen(true)}>
          Supprimer définitivement
        </Button>
      </Alert>
      <EraseArchiveDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}
