import { eraseArchiveRequestSchema } from '@facturo/shared';
import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../lib/api';

/** DELETE /users/me/archive: the closed account's archive erased now, at its holder's request. */
export const useEraseArchiveMutation = () =>
  useMutation({
    mutationFn: async (password: string) => {
      const body = eraseArchiveRequestSchema.parse({ password, archiveTelechargee: true });
      await apiSend('DELETE', '/users/me/archive', { body });
    },
  });

/** What « Supprimer définitivement » says before the user confirms it: what goes at once, and what stays. */
export const ERASURE_SUMMARY =
  'Votre archive est effacée tout de suite et vous ne pourrez plus vous connecter. Téléchargez d’abord ce que vous devez garder : la conservation pendant 10 ans (article L123-22 du Code de commerce) reste alors sous votre responsabilité.';

export const ERASED_AT_ONCE: readonly string[] = [
  'vos achats et leurs justificatifs',
  'les factures fournisseurs reçues et leurs fichiers',
  'vos archives annuelles',
  'vos devis et vos brouillons',
  'les factures qu’aucun client n’a reçues dans son compte Facturo, avec leurs paiements',
  'les clients que seuls ces documents nommaient',
  'votre journal inaltérable et ses clôtures, qui ne s’efface qu’ainsi, avec votre accès à l’archive',
];

export const KEPT_AFTER_ERASURE: readonly string[] = [
  'les factures, avoirs et devis que vos clients ont reçus dans leur compte Facturo restent chez eux, avec leurs paiements, et vous y apparaissez comme « Compte clôturé »',
];
