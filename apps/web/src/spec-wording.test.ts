import {
  CLIENT_REQUIRED_MESSAGE,
  EMAIL_RECIPIENT_REQUIRED_MESSAGE,
  INVOICE_LINE_MESSAGE,
  INVOICE_REQUIRED_MESSAGE,
  MESSAGES,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_POLICY_MESSAGE,
  SIRET_MESSAGE,
  SIRET_REGISTER_MESSAGE,
} from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import {
  describeResetRequestError,
  NETWORK_ERROR_MESSAGE,
  REGISTER_ERROR_MESSAGE,
  RESEND_ERROR_MESSAGE,
  RESET_REQUEST_ERROR_MESSAGE,
  VERIFY_ERROR_MESSAGE,
  VERIFY_MISSING_TOKEN_MESSAGE,
} from './features/auth/error-messages';
import { CLIENT_QUOTA_ALERT_MS } from './features/clients/client-quota';
import {
  BACK_AFTER_UPDATE_DELAY_MS,
  CLIENT_CREATE_ERROR,
  CLIENT_UPDATE_ERROR,
  CLIENT_UPDATED_MESSAGE,
  CLIENTS_EXPORT_ERROR,
  CLIENTS_LOAD_ERROR,
  clientQuotaMessage,
  describeCreateClientError,
  QUOTA_REDIRECT_DELAY_MS,
  UPGRADE_REDIRECT_DELAY_MS,
  UPGRADE_TO_CREATE_MESSAGE,
} from './features/clients/error-messages';
import {
  describeSubmitError,
  EXPORT_ERROR_DESCRIPTION,
  EXPORT_ERROR_TITLE,
  EXPORT_SUCCESS_TITLE,
  INVOICE_CREATE_ERROR,
  INVOICE_DELETE_ERROR,
  INVOICE_LOAD_ERROR,
  INVOICE_NOT_FOUND,
  INVOICE_STATUS_ERROR,
  INVOICES_LOAD_ERROR,
  NUMBER_CONFLICT_MESSAGE,
  QUOTA_POPUP_DURATION_MS,
  REQUIRES_SIRET_MESSAGE,
  REQUIRES_UPGRADE_MESSAGE,
  SEND_EMAIL_SUCCESS,
  SEND_INTERNAL_ERROR,
  SEND_INTERNAL_SUCCESS,
} from './features/invoices/error-messages';
import { LEGAL_MENTIONS_SAVE_ERROR } from './features/legal-mentions/error-messages';
import {
  CANCEL_ERROR,
  CHECKOUT_ERROR,
  CHECKOUT_NETWORK_ERROR,
  CHECKOUT_QUOTA_ERROR,
  describeCheckoutError,
  REACTIVATE_ERROR,
  SUBSCRIPTION_LOAD_ERROR,
} from './features/subscription/error-messages';
import { networkError, toApiError } from './lib/api-error';
import { REDIRECT_DELAY_MS } from './lib/use-redirect-after-delay';

/*
 * The wording of ../shared/SPEC.md §5 and §8 is the contract (DESIGN §7). Each sentence below is copied
 * from the spec by hand, as a literal: a test that compared the code with its own constant would pass
 * whatever the constant said. Where the spec writes "used/limit", the example fills in 10/10.
 */

describe('SPEC §5, validation messages', () => {
  it.each<[string, string]>([
    ['Le SIRET doit contenir exactement 14 chiffres', SIRET_MESSAGE],
    ['Le numéro SIRET doit contenir exactement 14 chiffres', SIRET_REGISTER_MESSAGE],
    ['Lien invalide ou expiré.', MESSAGES.invalidLink],
    ['Les mots de passe ne correspondent pas.', PASSWORD_MISMATCH_MESSAGE],
    ['Le mot de passe ne respecte pas tous les critères de sécurité.', PASSWORD_POLICY_MESSAGE],
    ['Token de vérification manquant', VERIFY_MISSING_TOKEN_MESSAGE],
    ['Veuillez remplir les champs obligatoires', CLIENT_REQUIRED_MESSAGE],
    ['Veuillez remplir tous les champs obligatoires', INVOICE_REQUIRED_MESSAGE],
    ['Veuillez ajouter au moins une ligne valide', INVOICE_LINE_MESSAGE],
    ['Veuillez saisir une adresse email destinataire.', EMAIL_RECIPIENT_REQUIRED_MESSAGE],
  ])('« %s »', (spec, actual) => {
    expect(actual).toBe(spec);
  });
});

describe('SPEC §8, error catalogue', () => {
  it.each<[string, string]>([
    // Login, reset request, register and verification. Login itself no longer tells an unknown address
    // from a wrong password (one sentence for both, MESSAGES.invalidCredentials): the spec's two sentences
    // revealed which addresses have an account. The reset request still uses the first.
    ["Aucun compte associé à cette adresse email. Veuillez vous inscrire d'abord.", MESSAGES.accountNotFound],
    [
      "Mot de passe incorrect. Utilisez « J'ai oublié mon mot de passe » si nécessaire.",
      MESSAGES.wrongPassword,
    ],
    [
      'Veuillez confirmer votre adresse email avant de vous connecter. Vérifiez votre boîte mail.',
      MESSAGES.emailNotVerified,
    ],
    ['Erreur de connexion au serveur', NETWORK_ERROR_MESSAGE],
    ["Erreur lors de l'envoi de l'email de réinitialisation", RESET_REQUEST_ERROR_MESSAGE],
    ["Erreur dans le processus d'inscription", REGISTER_ERROR_MESSAGE],
    ["Erreur lors du renvoi de l'email.", RESEND_ERROR_MESSAGE],
    ['Erreur de vérification', VERIFY_ERROR_MESSAGE],
    // Clients.
    [
      'Quota de clients atteint (10/10). Passez à un plan Premium pour ajouter plus de clients.',
      clientQuotaMessage({ utilise: 10, limite: 10 }),
    ],
    ['Vous devez passer en mode professionnel pour créer un client', UPGRADE_TO_CREATE_MESSAGE],
    ['Erreur lors de la création du client', CLIENT_CREATE_ERROR],
    ['Erreur lors de la mise à jour du client', CLIENT_UPDATE_ERROR],
    ['Client mis à jour avec succès!', CLIENT_UPDATED_MESSAGE],
    ['Erreur lors du chargement des clients.', CLIENTS_LOAD_ERROR],
    ["Erreur lors de l'export des clients.", CLIENTS_EXPORT_ERROR],
    // Invoices.
    ['Numéro de facture en conflit. Veuillez réessayer.', NUMBER_CONFLICT_MESSAGE],
    ['Vous devez configurer votre SIRET avant de créer une facture', REQUIRES_SIRET_MESSAGE],
    ['Vous devez passer en mode professionnel pour créer une facture.', REQUIRES_UPGRADE_MESSAGE],
    ['Erreur lors de la création de la facture', INVOICE_CREATE_ERROR],
    ['Erreur lors du chargement des factures', INVOICES_LOAD_ERROR],
    ['Erreur lors du chargement de la facture', INVOICE_LOAD_ERROR],
    ['Facture non trouvée', INVOICE_NOT_FOUND],
    ['Erreur lors de la suppression', INVOICE_DELETE_ERROR],
    ["Erreur lors de l'envoi interne.", SEND_INTERNAL_ERROR],
    ['Erreur lors de la mise à jour du statut', INVOICE_STATUS_ERROR],
    ['Erreur lors de la sauvegarde', LEGAL_MENTIONS_SAVE_ERROR],
    ["Erreur d'export", EXPORT_ERROR_TITLE],
    ["Impossible d'exporter les données", EXPORT_ERROR_DESCRIPTION],
    ['Export RGPD réussi', EXPORT_SUCCESS_TITLE],
    ['Facture envoyée sur la plateforme.', SEND_INTERNAL_SUCCESS],
    ['Facture envoyée par email avec succès !', SEND_EMAIL_SUCCESS],
    // Subscription.
    ['Erreur chargement des données', SUBSCRIPTION_LOAD_ERROR],
    ['Problème de connexion, veuillez réessayer', CHECKOUT_NETWORK_ERROR],
    ['Quota atteint - passez à un plan supérieur', CHECKOUT_QUOTA_ERROR],
    ['Erreur lors de la création du paiement', CHECKOUT_ERROR],
    ["Erreur lors de l'annulation", CANCEL_ERROR],
    ['Erreur lors de la réactivation', REACTIVATE_ERROR],
  ])('« %s »', (spec, actual) => {
    expect(actual).toBe(spec);
  });

  it('gives each refusal the sentence the spec gives it, not only the right constant', () => {
    expect(describeResetRequestError(toApiError(404, { errorType: 'account_not_found' })).message).toBe(
      "Aucun compte associé à cette adresse email. Veuillez vous inscrire d'abord.",
    );
    expect(
      describeCreateClientError(
        toApiError(403, {
          errorType: 'quota_exceeded',
          message: 'Quota',
          quota: { utilise: 10, limite: 10 },
        }),
      ).message,
    ).toBe('Quota de clients atteint (10/10). Passez à un plan Premium pour ajouter plus de clients.');
    expect(
      describeSubmitError(
        toApiError(409, { errorType: 'conflict', message: 'duplicate key value violates unique constraint' }),
        'create',
      ),
    ).toEqual({ kind: 'message', message: 'Numéro de facture en conflit. Veuillez réessayer.' });
    expect(describeCheckoutError(toApiError(403, { errorType: 'forbidden' }))).toBe(
      'Quota atteint - passez à un plan supérieur',
    );
    expect(describeCheckoutError(networkError())).toBe('Problème de connexion, veuillez réessayer');
  });

  it('keeps the delays the spec gives: 3 s, 2 s, 2 s, 5 s and 8 s', () => {
    // Verification and reset pages go to /login after 3 s (SPEC §4 and §9).
    expect(REDIRECT_DELAY_MS).toBe(3_000);
    // Client quota error: /subscription after 3 s; professional mode: /mentions-legales after 2 s.
    expect(QUOTA_REDIRECT_DELAY_MS).toBe(3_000);
    expect(UPGRADE_REDIRECT_DELAY_MS).toBe(2_000);
    // Client updated: back after 2 s. Quota alert on the list: gone after 5 s.
    expect(BACK_AFTER_UPDATE_DELAY_MS).toBe(2_000);
    expect(CLIENT_QUOTA_ALERT_MS).toBe(5_000);
    // Invoice quota popup: closes after 8 s.
    expect(QUOTA_POPUP_DURATION_MS).toBe(8_000);
  });
});
