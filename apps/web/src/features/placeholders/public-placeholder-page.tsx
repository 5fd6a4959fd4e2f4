import { Brand } from '../../components/ui/brand';
import { TextLink } from '../../components/ui/text-link';

/** A public page linked from the login and landing pages whose content comes later. */
export function PublicPlaceholderPage({ title }: { title: string }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{`${title} · Facturo`}</title>
      <header className="border-b border-slate-200 bg-white px-4 py-4 sm:px-6">
        <div className="mx-auto max-w-3xl">
          <Brand />
        </div>
      </header>
      <main id="contenu" className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-4 text-slate-700">Cette page sera bientôt disponible.</p>
        <p className="mt-6">
          <TextLink to="/">Retour à l'accueil</TextLink>
        </p>
      </main>
    </div>
  );
}
