import { FREE_PLAN_LIMITS, PLAN_CATALOGUE, TRIAL_DAYS } from '@facturo/shared';
import { TextLink } from '../../../components/ui/text-link';
import { formatMonthlyPrice } from '../format-price';
import { usePageMeta } from '../page-meta';
import { LegalDocument, type LegalSection } from './parts/legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'objet',
    title: 'Objet',
    body: (
      <p>
        Les présentes conditions générales d’utilisation (CGU) encadrent l’utilisation de Facturo, service en
        ligne qui permet aux professionnels de gérer leurs clients, d’établir leurs factures, de les envoyer
        et d’en suivre le paiement, et aux particuliers de consulter les factures qui leur sont adressées.
        Créer un compte vaut acceptation de ces CGU.
      </p>
    ),
  },
  {
    id: 'comptes',
    title: 'Comptes',
    body: (
      <>
        <p>
          <strong>Compte professionnel.</strong> Il est réservé aux professionnels (micro-entrepreneurs,
          indépendants, entreprises) disposant d’un numéro SIRET. Vous garantissez l’exactitude des
          informations fournies et confirmez votre adresse email avant la première connexion.
        </p>
        <p>
          <strong>Compte particulier.</strong> Vous l’ouvrez depuis le lien d’une facture qu’un professionnel
          vous adresse, en acceptant ces conditions et la politique de confidentialité. Vous y consultez les
          factures reçues et pouvez les marquer comme payées. Vous pouvez passer en mode professionnel en
          enregistrant votre SIRET.
        </p>
        <p>
          Vos identifiants sont personnels. Prévenez-nous sans délai si vous pensez qu’ils ont été utilisés
          par un tiers.
        </p>
      </>
    ),
  },
  {
    id: 'formules',
    title: 'Essai et formules',
    body: (
      <ul>
        <li>
          <strong>Essai :</strong> {TRIAL_DAYS} jours à compter de l’inscription, factures et clients
          illimités, sans carte bancaire.
        </li>
        <li>
          <strong>Gratuit :</strong> à la fin de l’essai, votre compte passe automatiquement sur la formule
          gratuite, limitée à {FREE_PLAN_LIMITS.facturesParMois} factures par mois civil et{' '}
          {FREE_PLAN_LIMITS.clients} clients. Rien n’est supprimé.
        </li>
        <li>
          <strong>{PLAN_CATALOGUE.premium.nom} :</strong> {formatMonthlyPrice(PLAN_CATALOGUE.premium.prix)},
          factures et clients illimités.
        </li>
        <li>
          <strong>{PLAN_CATALOGUE.business.nom} :</strong> {formatMonthlyPrice(PLAN_CATALOGUE.business.prix)},
          pour les activités soutenues.
        </li>
      </ul>
    ),
  },
  {
    id: 'paiement',
    title: 'Paiement, renouvellement et résiliation de l’abonnement',
    body: (
      <>
        <p>
          Les formules payantes se règlent par carte bancaire auprès de notre prestataire de paiement, Stripe,
          et se renouvellent chaque mois jusqu’à leur résiliation.
        </p>
        <p>
          Vous résiliez à tout moment depuis la page Abonnement de l’application. La résiliation prend effet à
          la fin de la période déjà payée, sans remboursement au prorata : vous gardez votre formule jusqu’à
          cette date, puis votre compte repasse sur la formule gratuite, sans perte de données.
        </p>
      </>
    ),
  },
  {
    id: 'factures',
    title: 'Vos factures : ce qui relève de vous',
    body: (
      <>
        <p>
          Facturo numérote vos factures sans rupture et pré-remplit les mentions obligatoires usuelles. Vous
          restez responsable de leur contenu : exactitude des prestations et des montants, régime de TVA
          applicable, mentions propres à votre activité, envoi à vos clients et conservation pendant dix ans.
        </p>
        <p>
          Une facture envoyée ou payée ne peut plus être modifiée ni supprimée, comme toute pièce comptable.
          Facturo n’est ni un cabinet d’expertise comptable ni un conseil juridique ou fiscal.
        </p>
      </>
    ),
  },
  {
    id: 'usage',
    title: 'Usage loyal du service',
    body: (
      <p>
        Vous vous engagez à ne pas utiliser Facturo pour émettre de fausses factures, envoyer des messages non
        sollicités, ni porter atteinte au service ou aux données d’autres utilisateurs. En cas de manquement,
        nous pouvons suspendre le compte concerné.
      </p>
    ),
  },
  {
    id: 'disponibilite',
    title: 'Disponibilité et responsabilité',
    body: (
      <p>
        Nous faisons le nécessaire pour que Facturo reste accessible et que vos données soient sauvegardées,
        sans pouvoir garantir un service sans interruption (maintenance, incident). Notre responsabilité est
        limitée aux dommages directs résultant d’une faute prouvée de notre part.
      </p>
    ),
  },
  {
    id: 'donnees',
    title: 'Vos données',
    body: (
      <p>
        Vos clients et vos factures vous appartiennent. Vous pouvez les exporter à tout moment au format JSON
        depuis l’application. Le traitement de vos données personnelles est décrit dans la{' '}
        <TextLink to="/privacy">politique de confidentialité</TextLink>.
      </p>
    ),
  },
  {
    id: 'fin',
    title: 'Fin du contrat',
    body: (
      <p>
        Vous pouvez cesser d’utiliser Facturo à tout moment et demander la suppression de votre compte depuis
        la <TextLink to="/contact">page Contact</TextLink> ; exportez d’abord vos factures, que vous devez
        conserver. Nous pouvons fermer un compte en cas de manquement grave à ces CGU, après vous en avoir
        informé par email.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modification des CGU',
    body: (
      <p>
        Nous pouvons faire évoluer ces CGU. Toute modification importante vous est annoncée par email avant
        son entrée en vigueur ; continuer à utiliser le service après cette date vaut acceptation.
      </p>
    ),
  },
  {
    id: 'droit',
    title: 'Droit applicable',
    body: (
      <p>
        Ces CGU sont soumises au droit français. En cas de désaccord, écrivez-nous d’abord : nous cherchons
        une solution amiable. À défaut, le litige est porté devant les tribunaux français compétents ; si vous
        êtes un consommateur, vous conservez la protection que vous accorde le Code de la consommation.
      </p>
    ),
  },
];

/** /terms: the conditions of use (CGU). */
export function TermsPage() {
  usePageMeta('/terms');
  return (
    <LegalDocument
      title="Conditions générales d'utilisation"
      lead="Les règles qui encadrent l’utilisation de Facturo : comptes, formules, responsabilités et résiliation."
      updated="21 novembre 2026"
      sections={SECTIONS}
    />
  );
}
