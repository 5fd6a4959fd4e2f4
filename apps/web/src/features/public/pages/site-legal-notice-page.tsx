import { TextLink } from '../../../components/ui/text-link';
import { usePageMeta } from '../page-meta';
import { LegalDocument, type LegalSection } from './parts/legal-document';

/*
 * The site's legal notice (LCEN). Facturo is software that an operator installs on the host of its choice:
 * this page states only what is true of every instance and names nothing (company number, address, host)
 * that the code cannot know.
 */
const SECTIONS: readonly LegalSection[] = [
  {
    id: 'editeur',
    title: 'Éditeur du site',
    body: (
      <>
        <p>
          Le site et le service Facturo sont édités par l’équipe Facturo. Pour toute question, écrivez-nous
          depuis la <TextLink to="/contact">page Contact</TextLink> : votre message est transmis à l’adresse
          email du support, et nous vous répondons sous deux jours ouvrés.
        </p>
        <p>
          <strong>Directeur de la publication :</strong> le responsable de l’équipe Facturo, joignable par la
          même page.
        </p>
      </>
    ),
  },
  {
    id: 'hebergement',
    title: 'Hébergement',
    body: (
      <>
        <p>
          Facturo est un logiciel que son exploitant installe sur l’infrastructure de son choix : serveurs
          d’application et base de données PostgreSQL. L’hébergeur de ce site est donc celui qu’a retenu
          l’exploitant de cette instance.
        </p>
        <p>
          Sa dénomination, son adresse et son numéro de téléphone, que la loi n° 2004-575 du 21 juin 2004 pour
          la confiance dans l’économie numérique (LCEN) vous permet de connaître, vous sont communiqués sur
          simple demande depuis la <TextLink to="/contact">page Contact</TextLink>.
        </p>
      </>
    ),
  },
  {
    id: 'propriete',
    title: 'Propriété intellectuelle',
    body: (
      <>
        <p>
          Le nom Facturo, les textes, l’interface et les éléments graphiques du site sont protégés par le Code
          de la propriété intellectuelle. Toute reproduction ou réutilisation sans autorisation préalable est
          interdite.
        </p>
        <p>
          Les contenus que vous créez dans Facturo (clients, factures, mentions) restent les vôtres ; vous
          pouvez les exporter à tout moment.
        </p>
      </>
    ),
  },
  {
    id: 'donnees-personnelles',
    title: 'Données personnelles',
    body: (
      <p>
        Les données que nous traitons, les raisons de ces traitements, leur durée de conservation et la
        manière d’exercer vos droits sont décrites dans la{' '}
        <TextLink to="/privacy">politique de confidentialité</TextLink>. Les conditions d’utilisation du
        service figurent dans les <TextLink to="/terms">conditions générales d’utilisation</TextLink>.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        Ce site ne dépose aucun cookie de suivi, de mesure d’audience ou de publicité, et n’affiche donc pas
        de bandeau de consentement. Une fois connecté, votre session est gardée dans le stockage local de
        votre navigateur, uniquement pour vous éviter de vous reconnecter à chaque visite.
      </p>
    ),
  },
];

/** /mentions-legales signed out: the site's own legal notice (signed in, the route shows the user's settings). */
export function SiteLegalNoticePage() {
  usePageMeta('/mentions-legales');
  return (
    <LegalDocument
      title="Mentions légales"
      lead="L’éditeur et l’hébergement du site, la propriété de son contenu, et où trouver les règles sur vos données."
      updated="21 novembre 2026"
      sections={SECTIONS}
    />
  );
}
