import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Brand } from '../../components/ui/brand';
import { Button } from '../../components/ui/button';
import { TextLink } from '../../components/ui/text-link';
import { LOGIN_PATH } from '../../lib/access';
import { ApiError } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';

/* What the pages of signed links share (an invoice's, a quote's): their frame and their dead-link answer. */

const BAD_LINK = 'Ce lien n’est pas valide';

/** The page of a signed link: the brand, then the document, without the app's menu. */
export function LinkPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-4 py-6 sm:px-6">
        <div className="mx-auto flex max-w-4xl">
          <Brand />
        </div>
      </header>
      <main id="contenu" className="flex-1 px-4 pb-12 sm:px-6">
        <div className="mx-auto max-w-4xl space-y-6">{children}</div>
      </main>
    </div>
  );
}

/**
 * A link that opens nothing: the server's one sentence for every dead link (404), or a failure to reach
 * it, which may be retried. `unreachable` says what could not be loaded.
 */
export function BadLink({
  error,
  onRetry,
  unreachable,
}: {
  error: Error;
  onRetry: () => void;
  unreachable: string;
}) {
  useDocumentTitle(`${BAD_LINK} · Facturo`);
  const dead = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto max-w-md space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{BAD_LINK}</h1>
      <Alert variant="error">
        <p>{dead ? error.message : unreachable}</p>
      </Alert>
      {!dead && <Button onClick={onRetry}>Réessayer</Button>}
      <p className="text-sm">
        <TextLink to={LOGIN_PATH}>Se connecter à Facturo</TextLink>
      </p>
    </div>
  );
}
