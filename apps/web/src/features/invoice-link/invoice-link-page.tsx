import type { InvoiceLink, InvoiceLinkAccountResponse, LifeTone } from '@facturo/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LoadingStatus } from '../../components/ui/loading-status';
import { TextLink } from '../../components/ui/text-link';
import { LOGIN_PATH } from '../../lib/access';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InvoiceDocument } from '../invoices/document/invoice-document';
import { usePdfDownload } from '../invoices/pdf/use-pdf-download';
import { AccountOfferForm } from './account-offer-form';
import { fetchLinkedPdf, useCreateLinkedAccount, useInvoiceLink } from './api';
import { BadLink, LinkPageFrame } from './link-page-parts';
import { PaymentDetails } from './payment-details';

/** The badge's colour for each tone of the shared life (document-life.ts). */
const BADGE_TONES: Record<LifeTone, 'indigo' | 'slate' | 'emerald' | 'amber' | 'red'> = {
  neutre: 'slate',
  info: 'indigo',
  attente: 'amber',
  succes: 'emerald',
  alerte: 'amber',
  danger: 'red',
  eteint: 'slate',
};

/**
 * /facture-en-ligne/:token (DESIGN §5): the invoice e-mailed to its recipient, readable without an
 * account — its status, PDF and payment details — with the offer of a Facturo space, created only once
 * the reader accepts the terms and the privacy notice.
 */
export function InvoiceLinkPage() {
  const { token = '' } = useParams();
  // Once the account is created the page is left: nothing reads the link again behind it.
  const [left, setLeft] = useState(false);
  const link = useInvoiceLink(token, !left);
  const { signIn } = useSession();
  const navigate = useNavigate();

  function handleCreated(session: InvoiceLinkAccountResponse) {
    setLeft(true);
    signIn(session.token, session.user);
    navigate(`/factures/${session.factureId}`, { replace: true });
  }

  return (
    <LinkPageFrame>
      {link.data ? (
        <LinkedInvoice token={token} link={link.data} onCreated={handleCreated} />
      ) : link.isError ? (
        <BadLink
          error={link.error}
          onRetry={() => void link.refetch()}
          unreachable="La facture n’a pas pu être chargée. Vérifiez votre connexion, puis réessayez."
        />
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Votre facture</h1>
          <LoadingStatus>Chargement de la facture…</LoadingStatus>
        </>
      )}
    </LinkPageFrame>
  );
}

interface LinkedInvoiceProps {
  token: string;
  link: InvoiceLink;
  onCreated: (session: InvoiceLinkAccountResponse) => void;
}

function LinkedInvoice({ token, link, onCreated }: LinkedInvoiceProps) {
  const { facture } = link;
  const issuer = `${facture.emetteur.prenom} ${facture.emetteur.nom}`.trim();
  const title = `Facture ${facture.numero}`;
  useDocumentTitle(`${title} · Facturo`);
  const pdf = usePdfDownload(facture, () => fetchLinkedPdf(token));
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">Envoyée par {issuer}</p>
          <p className="flex items-center gap-2 text-sm text-slate-700">
            Statut : <Badge tone={BADGE_TONES[facture.cycle.ton]}>{facture.cycle.libelle}</Badge>
          </p>
        </div>
        <Button variant="secondary" onClick={() => void pdf.run()} loading={pdf.pending}>
          <Download className="size-4" aria-hidden="true" />
          Télécharger le PDF
        </Button>
      </div>
      <PaymentDetails link={link} />
      <AccountOffer token={token} link={link} onCreated={onCreated} />
      <InvoiceDocument invoice={facture} />
    </>
  );
}

function AccountOffer({ token, link, onCreated }: LinkedInvoiceProps) {
  const { user } = useSession();
  const create = useCreateLinkedAccount(token);
  if (user && user.email === link.email) {
    return (
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm">
          <TextLink to={`/factures/${link.facture._id}`}>Voir la facture dans mon espace</TextLink>
        </p>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="espace-titre"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="espace-titre" className="text-lg font-semibold text-slate-900">
        {link.compteExistant ? 'Retrouvez-la dans votre espace' : 'Créer mon espace Facturo'}
      </h2>
      {link.compteExistant ? (
        <p className="mt-2 text-sm text-slate-700">
          Un compte Facturo existe déjà pour {link.email}.{' '}
          <TextLink to={LOGIN_PATH}>Se connecter pour la retrouver</TextLink>
        </p>
      ) : (
        <>
          <p className="mt-2 mb-5 text-sm text-slate-700">
            Gratuit et facultatif : retrouvez cette facture et les suivantes, indiquez vos paiements et
            échangez avec l’émetteur.
          </p>
          <AccountOfferForm
            email={link.email}
            emailHint="Votre espace sera créé pour l’adresse à laquelle la facture a été envoyée."
            create={create}
            onCreated={onCreated}
          />
        </>
      )}
    </section>
  );
}
