import type { Quote, QuoteLink, QuoteLinkAccountResponse } from '@facturo/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { LoadingStatus } from '../../components/ui/loading-status';
import { TextLink } from '../../components/ui/text-link';
import { LOGIN_PATH } from '../../lib/access';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AccountOfferForm } from '../invoice-link/account-offer-form';
import { BadLink, LinkPageFrame } from '../invoice-link/link-page-parts';
import { formatDateFr } from '../invoices/dates';
import { usePdfDownload } from '../invoices/pdf/use-pdf-download';
import { QuoteDocument } from '../quotes/document/quote-document';
import { quoteDetailPath } from '../quotes/messages';
import { QuoteStatusBadge } from '../quotes/quote-status-badge';
import { fetchLinkedQuotePdf, useCreateQuoteLinkAccount, useQuoteLink } from './api';

/**
 * /devis-en-ligne/:token (DESIGN §5): the quote e-mailed to a client without an account, readable without
 * one — its validity, PDF and lines — with the offer of a Facturo space, created only once the reader
 * accepts the terms and the privacy notice. The quote is accepted or refused in that space, not here.
 */
export function QuoteLinkPage() {
  const { token = '' } = useParams();
  // Once the account is created the page is left: nothing reads the link again behind it.
  const [left, setLeft] = useState(false);
  const link = useQuoteLink(token, !left);
  const { signIn } = useSession();
  const navigate = useNavigate();

  function handleCreated(session: QuoteLinkAccountResponse) {
    setLeft(true);
    signIn(session.token, session.user);
    navigate(quoteDetailPath(session.devisId), { replace: true });
  }

  return (
    <LinkPageFrame>
      {link.data ? (
        <LinkedQuote token={token} link={link.data} onCreated={handleCreated} />
      ) : link.isError ? (
        <BadLink
          error={link.error}
          onRetry={() => void link.refetch()}
          unreachable="Le devis n’a pas pu être chargé. Vérifiez votre connexion, puis réessayez."
        />
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Votre devis</h1>
          <LoadingStatus>Chargement du devis…</LoadingStatus>
        </>
      )}
    </LinkPageFrame>
  );
}

interface LinkedQuoteProps {
  token: string;
  link: QuoteLink;
  onCreated: (session: QuoteLinkAccountResponse) => void;
}

function LinkedQuote({ token, link, onCreated }: LinkedQuoteProps) {
  const { devis } = link;
  const issuer = `${devis.emetteur.prenom} ${devis.emetteur.nom}`.trim();
  const title = `Devis ${devis.numero}`;
  useDocumentTitle(`${title} · Facturo`);
  const pdf = usePdfDownload(devis, () => fetchLinkedQuotePdf(token));
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{title}</h1>
          <p className="text-sm text-slate-600">Envoyé par {issuer}</p>
          <ValidityLine quote={devis} />
        </div>
        <Button variant="secondary" onClick={() => void pdf.run()} loading={pdf.pending}>
          <Download className="size-4" aria-hidden="true" />
          Télécharger le PDF
        </Button>
      </div>
      <AccountOffer token={token} link={link} onCreated={onCreated} />
      <div className="rounded-xl bg-slate-100 p-2 sm:p-6">
        <QuoteDocument quote={devis} />
      </div>
    </>
  );
}

/** Until when it holds, or what became of it: an answered or expired quote waits for nobody. */
function ValidityLine({ quote }: { quote: Quote }) {
  const status = quote.statutEmetteur ?? 'envoyee';
  if (status === 'creee' || status === 'envoyee') {
    return (
      <p className="text-sm text-slate-700">
        Valable jusqu’au <span className="font-medium">{formatDateFr(quote.dateValidite)}</span>
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      Statut : <QuoteStatusBadge status={status} />
    </p>
  );
}

function AccountOffer({ token, link, onCreated }: LinkedQuoteProps) {
  const { user } = useSession();
  const create = useCreateQuoteLinkAccount(token);
  const { devis } = link;
  if (user && user.email === link.email) {
    return (
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm">
          <TextLink to={quoteDetailPath(devis._id)}>Voir le devis dans mon espace</TextLink>
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
        Accepter ou refuser ce devis
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Ce devis ne s’accepte pas sur cette page : la réponse se donne depuis un espace Facturo, gratuit, où
        vous le retrouverez. Vous pouvez aussi répondre directement à{' '}
        {`${devis.emetteur.prenom} ${devis.emetteur.nom}`.trim()}.
      </p>
      {link.compteExistant ? (
        <p className="mt-3 text-sm text-slate-700">
          Un compte Facturo existe déjà pour {link.email}.{' '}
          <TextLink to={LOGIN_PATH}>Se connecter pour retrouver le devis</TextLink>
        </p>
      ) : (
        <>
          <h3 className="mt-5 text-base font-semibold text-slate-900">Créer mon espace Facturo</h3>
          <p className="mt-1 mb-5 text-sm text-slate-700">
            Gratuit et facultatif : retrouvez ce devis et vos factures, acceptez ou refusez les devis en ligne
            et échangez avec l’émetteur.
          </p>
          <AccountOfferForm
            email={link.email}
            emailHint="Votre espace sera créé pour l’adresse à laquelle le devis a été envoyé."
            create={create}
            onCreated={onCreated}
          />
        </>
      )}
    </section>
  );
}
