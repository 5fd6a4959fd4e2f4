import { TRIAL_DAYS } from '@facturo/shared';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button-styles';
import { TextLink } from '../../../../components/ui/text-link';

interface RegisterCtaProps {
  title?: string;
  text?: string;
}

/** The way in at the bottom of a page: an account, the trial, no card asked. */
export function RegisterCta({
  title = `Essayez Facturo pendant ${TRIAL_DAYS} jours`,
  text = 'Créez votre compte avec votre SIRET : tout est illimité pendant l’essai, sans carte bancaire.',
}: RegisterCtaProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-14 rounded-2xl bg-indigo-600 px-6 py-8 text-white sm:px-10 sm:py-10"
    >
      <h2 id={titleId} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <p className="mt-2 max-w-2xl text-indigo-50">{text}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Link
          to="/register"
          className={buttonClasses('secondary', 'lg', 'border-white text-indigo-700 hover:bg-indigo-50')}
        >
          Créer mon compte
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
        <p className="text-sm text-indigo-50">
          Déjà inscrit ?{' '}
          <TextLink to="/login" className="text-white underline hover:text-indigo-100">
            Se connecter
          </TextLink>
        </p>
      </div>
    </section>
  );
}
