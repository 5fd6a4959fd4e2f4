import { CONTACT_MESSAGE_RETENTION_YEARS } from '@facturo/shared/public-pages';
import { TextLink } from '../../../components/ui/text-link';
import { usePageMeta } from '../page-meta';
import { ExternalLink } from './parts/external-link';
import { LegalDocument, type LegalSection } from './parts/legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'responsable',
    title: 'Qui est responsable de vos données',
    body: (
      <>
        <p>
          Facturo, présenté dans les <TextLink to="/mentions-legales">mentions légales</TextLink>, est
          responsable des traitements décrits sur cette page : votre compte, votre abonnement, la sécurité du
          service et les messages que vous nous envoyez.
        </p>
        <p>
          Pour les données de <strong>vos propres clients</strong> (noms, adresses, factures), c’est vous qui
          êtes responsable du traitement. Facturo agit alors comme sous-traitant au sens de l’article 28 du
          RGPD : nous ne les utilisons que pour vous rendre le service, sur vos instructions.
        </p>
      </>
    ),
  },
  {
    id: 'donnees',
    title: 'Les données que nous conservons',
    body: (
      <ul>
        <li>
          <strong>Votre compte :</strong> nom, prénom, adresse email, numéro SIRET pour les professionnels,
          adresse postale si vous la renseignez. Votre mot de passe n’est jamais conservé en clair : seule son
          empreinte (argon2id) est enregistrée.
        </li>
        <li>
          <strong>Vos clients :</strong> nom, email, téléphone, adresse et, pour une entreprise, son SIRET ou
          SIREN.
        </li>
        <li>
          <strong>Vos factures :</strong> numéro, dates, lignes, montants, statuts, et une copie des
          informations de l’émetteur et du client telles qu’elles étaient à l’émission.
        </li>
        <li>
          <strong>Vos mentions légales :</strong> conditions de paiement, pénalités de retard, mention de TVA,
          numéro de TVA intracommunautaire et mention libre, si vous les renseignez.
        </li>
        <li>
          <strong>Votre abonnement :</strong> formule, dates de la période en cours, statut et, pour une
          formule payante, l’identifiant attribué par notre prestataire de paiement. Facturo ne stocke aucune
          donnée de carte bancaire.
        </li>
        <li>
          <strong>Données techniques :</strong> journaux du serveur (adresse IP, date, page ou action
          demandée, résultat) et compteurs de tentatives servant à bloquer les abus.
        </li>
        <li>
          <strong>Formulaires du site :</strong> les messages envoyés depuis la page Contact (nom, email,
          sujet, message) et les adresses laissées pour être prévenu du lancement d’une fonctionnalité.
        </li>
      </ul>
    ),
  },
  {
    id: 'finalites',
    title: 'Pourquoi, et sur quelle base légale',
    body: (
      <ul>
        <li>
          <strong>Vous rendre le service</strong> (compte, clients, factures, envoi, abonnement, emails de
          confirmation et de réinitialisation) : exécution du contrat qui nous lie, article 6.1.b du RGPD.
        </li>
        <li>
          <strong>Conserver les factures</strong> : obligation légale (article 6.1.c). Les factures sont des
          pièces comptables à conserver dix ans (article L123-22 du Code de commerce).
        </li>
        <li>
          <strong>Sécuriser le service</strong> (journaux, limitation des tentatives de connexion, détection
          des abus) : notre intérêt légitime à protéger vos données et le service (article 6.1.f).
        </li>
        <li>
          <strong>Répondre à vos messages</strong> et <strong>vous prévenir d’un lancement</strong> : votre
          demande, que vous pouvez retirer à tout moment.
        </li>
      </ul>
    ),
  },
  {
    id: 'durees',
    title: 'Combien de temps',
    body: (
      <ul>
        <li>
          <strong>Compte, clients et mentions légales :</strong> tant que votre compte est ouvert. La fin de
          l’essai ou d’un abonnement ne supprime rien.
        </li>
        <li>
          <strong>Factures :</strong> dix ans à compter de la clôture de l’exercice, durée de l’obligation
          légale.
        </li>
        <li>
          <strong>Liens de confirmation et de réinitialisation :</strong> détruits à leur expiration.
        </li>
        <li>
          <strong>Compteurs de tentatives :</strong> effacés à la fin de leur période, une heure au plus.
        </li>
        <li>
          <strong>Journaux du serveur :</strong> douze mois au plus.
        </li>
        <li>
          <strong>Messages de contact :</strong> le temps de traiter votre demande et d’en garder la trace,
          {CONTACT_MESSAGE_RETENTION_YEARS} ans au plus.
        </li>
        <li>
          <strong>Listes d’attente :</strong> jusqu’à l’annonce du lancement, ou jusqu’à ce que vous demandiez
          à en sortir.
        </li>
      </ul>
    ),
  },
  {
    id: 'destinataires',
    title: 'Qui y a accès',
    body: (
      <>
        <p>Vos données ne sont ni vendues, ni louées, ni utilisées pour de la publicité. Y ont accès :</p>
        <ul>
          <li>
            l’équipe Facturo, pour le support et l’administration, dans la limite de ce qui est nécessaire ;
          </li>
          <li>l’hébergeur du service, qui exploite les serveurs et la base de données ;</li>
          <li>le prestataire qui achemine les emails envoyés par Facturo ;</li>
          <li>
            Stripe, pour les formules payantes : vous saisissez votre carte directement chez Stripe, qui
            traite le paiement. Stripe peut transférer certaines données hors de l’Union européenne, dans le
            cadre des garanties prévues par le RGPD (clauses contractuelles types) ;
          </li>
          <li>les destinataires de vos factures, lorsque vous les leur envoyez par email ou sur Facturo.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'droits',
    title: 'Vos droits et comment les exercer',
    body: (
      <>
        <p>Les articles 15 à 21 du RGPD vous donnent, sur vos données, un droit :</p>
        <ul>
          <li>d’accès (article 15) et de rectification (article 16) ;</li>
          <li>d’effacement (article 17) et de limitation du traitement (article 18) ;</li>
          <li>à la portabilité (article 20) et d’opposition (article 21).</li>
        </ul>
        <p>
          <strong>Sans attendre personne</strong>, depuis l’application : vous corrigez votre profil et vos
          mentions légales sur la page Mentions légales, vos clients depuis leur fiche, et les boutons «
          Export RGPD » des pages Factures et Clients téléchargent vos factures et vos clients au format JSON,
          un format ouvert et réutilisable.
        </p>
        <p>
          <strong>Pour tout le reste</strong> (export complet de votre compte, effacement, opposition…),
          écrivez-nous depuis la <TextLink to="/contact">page Contact</TextLink> en choisissant le sujet «
          Données personnelles (RGPD) ». Nous répondons dans un délai d’un mois. L’effacement ne peut pas
          porter sur les factures tant que court leur durée légale de conservation (article 17.3.b du RGPD).
        </p>
      </>
    ),
  },
  {
    id: 'reclamation',
    title: 'Réclamation auprès de la CNIL',
    body: (
      <p>
        Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la
        Commission nationale de l’informatique et des libertés (CNIL), en ligne sur{' '}
        <ExternalLink href="https://www.cnil.fr">cnil.fr</ExternalLink>.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies et stockage local',
    body: (
      <>
        <p>
          Facturo ne dépose <strong>aucun cookie</strong> de suivi, de mesure d’audience ou de publicité.
        </p>
        <p>
          Quand vous vous connectez, votre jeton de session et votre profil sont enregistrés dans le stockage
          local de votre navigateur, uniquement pour vous garder connecté. Ce stockage, strictement nécessaire
          au service que vous demandez, ne requiert pas de consentement ; il est effacé quand vous vous
          déconnectez.
        </p>
        <p>
          Lors d’un paiement, la page de Stripe peut utiliser ses propres cookies, nécessaires au paiement et
          à la lutte contre la fraude.
        </p>
      </>
    ),
  },
  {
    id: 'securite',
    title: 'Sécurité',
    body: (
      <p>
        Les mots de passe sont conservés sous forme d’empreinte, chaque requête n’accède qu’aux données de son
        propre compte, les tentatives de connexion sont limitées, et changer de mot de passe ferme toutes vos
        autres sessions.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications de cette politique',
    body: (
      <p>
        Si cette politique change de façon importante, nous vous en informons par email avant son entrée en
        vigueur. La date de la dernière mise à jour figure en haut de cette page.
      </p>
    ),
  },
];

/** /privacy: what Facturo keeps about you, why, how long, and your RGPD rights. */
export function PrivacyPage() {
  usePageMeta('/privacy');
  return (
    <LegalDocument
      title="Politique de confidentialité"
      lead="Ce que Facturo conserve à votre sujet, pourquoi, combien de temps, et comment exercer vos droits."
      updated="21 novembre 2026"
      sections={SECTIONS}
    />
  );
}
