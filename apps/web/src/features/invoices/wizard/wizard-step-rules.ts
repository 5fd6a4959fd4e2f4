import { ISSUER_ADDRESS_MESSAGE, isCompleteAddress } from '@facturo/shared';
import { clientNeedsFix, type InvoiceDraft, isCompleteClientFix, type WizardStep } from './draft';

/** Why Suivant is disabled, said next to it (a disabled button cannot explain itself); null when it is not. */
export function stepHint(step: WizardStep, draft: InvoiceDraft): string | null {
  switch (step) {
    case 1: {
      const { nom, prenom, adresse, codePostal, ville } = draft.emetteur;
      if (nom.trim() === '' || prenom.trim() === '')
        return 'Indiquez votre prénom et votre nom pour continuer.';
      return isCompleteAddress({ rue: adresse, codePostal, ville }) ? null : ISSUER_ADDRESS_MESSAGE;
    }
    case 2:
      if (!draft.client) return 'Choisissez un client pour continuer.';
      if (clientNeedsFix(draft.client) && !isCompleteClientFix(draft.client, draft.clientFix))
        return 'Complétez la fiche du client pour continuer.';
      if (draft.dateLivraison === '') return 'Indiquez la date de livraison ou d’exécution pour continuer.';
      if (draft.livraisonDifferente && !isCompleteAddress(draft.adresseLivraison))
        return 'Complétez l’adresse de livraison (rue, code postal et ville) pour continuer.';
      return null;
    case 3:
      return 'Complétez au moins une ligne (description, quantité et prix) pour continuer.';
    default:
      return null;
  }
}
