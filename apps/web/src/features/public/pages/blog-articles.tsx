import type { ReactNode } from 'react';

export interface BlogArticle {
  /** Anchor of the article on /blog. */
  id: string;
  title: string;
  /** ISO date of publication. */
  date: string;
  summary: string;
  body: ReactNode;
}

/** Newest first. French law as it stands at each article's date; the articles cite their sources. */
export const BLOG_ARTICLES: readonly BlogArticle[] = [
  {
    id: 'mentions-obligatoires',
    title: 'Les mentions obligatoires d’une facture de micro-entrepreneur',
    date: '2026-11-05',
    summary: 'Ce qu’une facture doit dire, et ce qu’il en coûte de l’oublier.',
    body: (
      <>
        <p>
          Une facture n’est pas un simple reçu : le Code de commerce (article L441-9) et le Code général des
          impôts en fixent le contenu. Chaque mention manquante expose à une amende fiscale de 15 €, par
          mention et par facture (article 1737 du CGI).
        </p>
        <ul>
          <li>la date d’émission et un numéro unique, issu d’une séquence chronologique et continue ;</li>
          <li>
            votre nom suivi de « EI » ou « entrepreneur individuel », votre adresse et votre numéro SIREN ou
            SIRET ;
          </li>
          <li>le nom et l’adresse de votre client et, pour une entreprise, son numéro SIREN ;</li>
          <li>
            la date de la prestation ou de la vente, la désignation précise, la quantité et le prix unitaire
            hors taxes ;
          </li>
          <li>le total hors taxes et la mention de TVA qui vous concerne ;</li>
          <li>
            la date d’échéance, le taux des pénalités de retard et, pour un client professionnel, l’indemnité
            forfaitaire de 40 € pour frais de recouvrement, ainsi que les conditions d’escompte (ou leur
            absence).
          </li>
        </ul>
        <p>
          Avec la réforme de la facture électronique s’ajoutent la nature de l’opération (livraison de biens,
          prestation de services, ou les deux) et, si elle diffère, l’adresse de livraison. Selon votre
          métier, d’autres mentions peuvent s’imposer, comme l’assurance décennale dans le bâtiment.
        </p>
        <p>
          Facturo remplit ces mentions pour vous à partir de votre profil et de vos mentions légales : vous
          les relisez une fois, elles s’impriment ensuite sur chaque facture.
        </p>
      </>
    ),
  },
  {
    id: 'facture-electronique-calendrier',
    title: 'Facture électronique : le calendrier 2026–2027',
    date: '2026-10-15',
    summary: 'Qui doit recevoir, qui doit émettre, et à partir de quand.',
    body: (
      <>
        <p>
          Entre entreprises établies en France, la facture électronique devient la règle, micro-entrepreneurs
          en franchise de TVA compris. Une facture électronique n’est pas un PDF envoyé par email : c’est un
          fichier structuré (Factur-X, UBL ou CII) transmis par une plateforme agréée par l’administration
          fiscale.
        </p>
        <ul>
          <li>
            <strong>1er septembre 2026 :</strong> toutes les entreprises doivent pouvoir recevoir des factures
            électroniques ; les grandes entreprises et les ETI doivent aussi en émettre.
          </li>
          <li>
            <strong>1er septembre 2027 :</strong> les PME, les TPE et les micro-entrepreneurs émettent à leur
            tour leurs factures sous forme électronique.
          </li>
        </ul>
        <p>
          Les ventes aux particuliers et les opérations avec l’étranger restent hors de la facture
          électronique, mais leurs données doivent être transmises à l’administration (e-reporting), selon le
          même calendrier.
        </p>
        <p>
          Avant septembre 2026, choisissez la plateforme agréée qui recevra vos factures fournisseurs, et
          vérifiez que vous avez le SIREN de chacun de vos clients professionnels. Les factures de Facturo
          sont déjà au format Factur-X.
        </p>
      </>
    ),
  },
  {
    id: 'franchise-tva',
    title: 'Franchise en base de TVA : ce qu’il faut écrire',
    date: '2026-09-24',
    summary: 'Une mention à ne jamais oublier, et une ligne à ne jamais ajouter.',
    body: (
      <>
        <p>
          Sous la franchise en base (article 293 B du CGI), vous ne facturez pas de TVA et ne récupérez pas
          celle de vos achats, tant que votre chiffre d’affaires reste sous les seuils fixés pour votre
          activité. Ces seuils sont révisés régulièrement : vérifiez-les sur impots.gouv.fr.
        </p>
        <p>
          Chaque facture indique alors des montants hors taxes, sans ligne de TVA, et porte la mention{' '}
          <strong>« TVA non applicable, art. 293 B du CGI »</strong>. Attention : une TVA qui apparaît sur une
          facture est due par celui qui l’a facturée (article 283 du CGI), même s’il est en franchise.
        </p>
        <p>
          Si votre chiffre d’affaires dépasse les seuils, vous devenez redevable de la TVA et vos factures
          doivent la faire apparaître. Surveillez votre chiffre d’affaires au fil de l’année pour ne pas être
          pris de court.
        </p>
      </>
    ),
  },
  {
    id: 'delais-paiement',
    title: 'Délais de paiement et pénalités de retard',
    date: '2026-09-10',
    summary: 'Les plafonds légaux entre professionnels, et ce que vous pouvez réclamer.',
    body: (
      <>
        <p>
          Entre professionnels, le délai de paiement convenu ne peut pas dépasser 60 jours à compter de la
          date d’émission de la facture, ou 45 jours fin de mois (article L441-10 du Code de commerce). Sans
          accord, le délai est de 30 jours après l’exécution de la prestation ou la réception des
          marchandises.
        </p>
        <p>
          Le taux des pénalités de retard doit figurer sur la facture. Il est librement fixé, mais ne peut pas
          être inférieur à trois fois le taux d’intérêt légal ; sans taux prévu, c’est le taux de
          refinancement de la Banque centrale européenne majoré de 10 points. Les pénalités courent dès le
          lendemain de l’échéance, sans relance nécessaire.
        </p>
        <p>
          Tout client professionnel en retard doit en plus une indemnité forfaitaire de 40 € pour frais de
          recouvrement (article D441-5 du Code de commerce). Elle ne s’applique pas aux particuliers.
        </p>
        <p>
          Dans Facturo, vous choisissez un délai de 15, 30, 45 ou 60 jours : l’échéance est calculée, et les
          mentions de pénalités et d’indemnité sont déjà écrites.
        </p>
      </>
    ),
  },
];
