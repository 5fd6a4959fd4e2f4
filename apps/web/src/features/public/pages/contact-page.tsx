import { Clock, FileText, ShieldCheck } from 'lucide-react';
import { TextLink } from '../../../components/ui/text-link';
import { ContactForm } from '../forms/contact-form';
import { Island } from '../islands/island';
import { usePageMeta } from '../page-meta';
import { FAQ_ANCHOR } from '../site-links';
import { PageHeader } from './parts/page-header';

const TIPS = [
  {
    icon: Clock,
    text: 'Nous répondons par email sous deux jours ouvrés.',
  },
  {
    icon: FileText,
    text: 'Pour une facture précise, indiquez son numéro (FAC-AAAA-NNNN) et l’adresse email de votre compte.',
  },
  {
    icon: ShieldCheck,
    text: 'Pour exercer vos droits sur vos données, choisissez le sujet « Données personnelles (RGPD) ».',
  },
] as const;

/** /contact: a message to the support team. */
export function ContactPage() {
  usePageMeta('/contact');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeader
        title="Contactez-nous"
        lead={
          <>
            Une question sur Facturo, votre abonnement ou vos données ? Écrivez à l’équipe. La réponse est
            peut-être déjà dans les <TextLink to={`/#${FAQ_ANCHOR}`}>questions fréquentes</TextLink>.
          </>
        }
      />
      <ul className="mt-8 grid gap-3 sm:grid-cols-3">
        {TIPS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
            <Icon className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="formulaire-contact"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h2 id="formulaire-contact" className="text-lg font-semibold text-slate-900">
          Écrire à l’équipe
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Les champs marqués d’un astérisque sont obligatoires. Vos informations servent uniquement à vous
          répondre (<TextLink to="/privacy">confidentialité</TextLink>).
        </p>
        <div className="mt-6">
          {/* On the static page, the only part React runs (features/public/islands). */}
          <Island name="contact">
            <ContactForm />
          </Island>
        </div>
      </section>
    </div>
  );
}
