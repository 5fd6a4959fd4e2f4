import type { InvoiceLink, InvoiceLinkAccountResponse, LifeTone } from '@facturo/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Brand } from '../../components/ui/brand';
import { Button } from '../../components/ui/button';
import { LoadingStatus } from '../../components/ui/loading-status';
import { TextLink } from '../../components/ui/text-link';
import { LOGIN_PATH } from '../../lib/access';
import { ApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InvoiceDocument } from '../invoices/document/invoice-document';
import { usePdfDownload } from '../invoices/pdf/use-pdf-download';
import { AccountOfferForm } from './account-offer-form';
import { fetchLinkedPdf, useInvoiceLink } from './api';
import { PaymentDetails } from './payment-details';

const BAD_LINK = 'Ce lien n’est pas valide';

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
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-4 py-6 sm:px-6">
        <div className="mx-auto flex max-w-4xl">
          <Brand />
        </div>
      </header>
      <main id="contenu" className="flex-1 px-4 pb-12 sm:px-6">
        <div className="mx-auto max-w-4xl space-y-6">
          {link.data ? (
            <LinkedInvoice token={token} link={link.data} onCreated={handleCreated} />
          ) : link.isError ? (
            <BadLink error={link.error} onRetry={() => void link.refetch()} />
          ) : (
            <>
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Votre facture</h1>
              <LoadingStatus>Chargement de la facture…</LoadingStatus>
            </>
          )}
        </div>
      </main>
    </div>
  );
}

function BadLink({ error, onRetry }: { error: Error; onRetry: () => void }) {
  useDocumentTitle(`${BAD_LINK} · Facturo`);
  const dead = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto max-w-md space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{BAD_LINK}</h1>
      <Alert variant="error">
        <p>
          {dead
            ? error.message
            : 'La facture n’a pas pu être chargée. Vérifiez votre connexion, puis réessayez.'}
        </p>
      </Alert>
      {!dead && <Button onClick={onRetry}>Réessayer</Button>}
      <p className="text-sm">
        <TextLink to={LOGIN_PATH}>Se connecter à Facturo</TextLink>
      </p>
    </div>
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
          <AccountOfferForm token={token} email={link.email} onCreated={onCreated} />
        </>
      )}
    </section>
  );
}
