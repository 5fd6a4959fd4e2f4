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

/** What the erasure takes away, said plainly before the user confirms it. */
export const ERASURE_CONSEQUENCES =
  'Vous ne pourrez plus vous connecter ni consulter vos factures, vos livres, votre FEC, votre journal ou vos archives annuelles : téléchargez-les d’abord. Vos clients gardent leurs propres exemplaires des factures reçues ; la conservation pendant 10 ans (article L123-22 du Code de commerce) reste alors sous votre responsabilité.';
