import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { BecomeProPanel } from './become-pro-panel';
import { IssuerProfileForm } from './issuer-profile-form';
import { LegalMentionsForm } from './legal-mentions-form';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/**
 * /mentions-legales (any signed-in user): the issuer's profile, the legal mentions of the invoices, and
 * for a particulier the way to professional mode (SPEC §2, §5: professional-only screens send them here).
 */
export function LegalMentionsPage() {
  const { user } = useSession();
  if (!user) return null;
  const isPro = user.role === 'professionnel';

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Mentions légales · Facturo</title>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Mentions légales</h1>
        <p className="mt-1 text-sm text-slate-600">
          {isPro
            ? 'Les informations et mentions obligatoires imprimées sur chacune de vos factures.'
            : 'Vos informations, et le passage en mode professionnel pour émettre des factures.'}
        </p>
      </header>
      {!isPro && <BecomeProPanel />}
      <Section
        id="emetteur-titre"
        title="Informations de l'émetteur"
        description={
          isPro
            ? "Vos nom et adresse tels qu'ils apparaissent sur vos factures."
            : 'Vos nom et adresse, imprimés sur vos factures une fois en mode professionnel.'
        }
      >
        {/* A new role changes the fields: remount so the SIRET shows up filled in. */}
        <IssuerProfileForm key={user.role} user={user} />
      </Section>
      {isPro && (
        <Section
          id="mentions-titre"
          title="Mentions légales de vos factures"
          description="Conditions de paiement, pénalités de retard et autres mentions obligatoires."
        >
          <LegalMentionsForm />
        </Section>
      )}
    </div>
  );
}
