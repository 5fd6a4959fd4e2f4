import { UPCOMING_FEATURE_PATHS, type UpcomingFeature } from '@facturo/shared/public-pages';
import { CheckCircle2, Circle, Info } from 'lucide-react';
import { TextLink } from '../../../components/ui/text-link';
import { WaitlistForm } from '../forms/waitlist-form';
import { Island } from '../islands/island';
import { usePageMeta } from '../page-meta';
import { SoonBadge } from '../soon-badge';
import { PageHeader } from './parts/page-header';
import { UPCOMING_FEATURES_CONTENT, type UpcomingFeatureContent } from './upcoming-features-content';

function PointList({ points, done }: { points: readonly string[]; done: boolean }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <ul className="mt-4 space-y-3">
      {points.map((point) => (
        <li key={point} className="flex gap-3 text-slate-700">
          <Icon
            className={
              done ? 'mt-1 size-4 shrink-0 text-emerald-700' : 'mt-1 size-4 shrink-0 text-indigo-600'
            }
            aria-hidden="true"
          />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  );
}

function Timeline({ timeline }: { timeline: NonNullable<UpcomingFeatureContent['timeline']> }) {
  return (
    <section aria-labelledby="calendrier" className="mt-12">
      <h2 id="calendrier" className="text-xl font-semibold text-slate-900">
        {timeline.title}
      </h2>
      <ol className="mt-4 space-y-4 border-l-2 border-indigo-100 pl-5">
        {timeline.steps.map((step) => (
          <li key={step.date}>
            <p className="font-semibold text-indigo-700">{step.date}</p>
            <p className="mt-1 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /payment-cards, /invoices, /expenses, /insurance: a feature announced but not built, and its waitlist. */
export function UpcomingFeaturePage({ feature }: { feature: UpcomingFeature }) {
  usePageMeta(UPCOMING_FEATURE_PATHS[feature]);
  const content = UPCOMING_FEATURES_CONTENT[feature];
  const Icon = content.icon;

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <SoonBadge />
      </div>
      <PageHeader title={content.title} lead={content.lead} />

      {content.available && (
        <section aria-labelledby="disponible" className="mt-12">
          <h2 id="disponible" className="text-xl font-semibold text-slate-900">
            {content.available.title}
          </h2>
          <PointList points={content.available.points} done />
        </section>
      )}

      <section aria-labelledby="a-venir" className="mt-12">
        <h2 id="a-venir" className="text-xl font-semibold text-slate-900">
          Ce que cela vous permettra
        </h2>
        <PointList points={content.planned} done={false} />
      </section>

      {content.timeline && <Timeline timeline={content.timeline} />}

      <p className="mt-10 flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700">
        <Info className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>{content.note}</span>
      </p>

      <section
        aria-labelledby="liste-attente"
        className="mt-12 rounded-2xl border border-indigo-200 bg-indigo-50/60 p-5 sm:p-8"
      >
        <h2 id="liste-attente" className="text-xl font-semibold text-slate-900">
          Être prévenu du lancement
        </h2>
        <p className="mt-1 mb-5 text-sm text-slate-700">
          Laissez votre adresse : nous vous écrirons dès que cette fonctionnalité sera disponible.
        </p>
        {/* On the static page, the only part React runs besides the header (features/public/islands). */}
        <Island name="waitlist">
          <WaitlistForm feature={feature} />
        </Island>
      </section>

      <p className="mt-10 text-sm text-slate-600">
        En attendant, découvrez <TextLink to="/features">tout ce que Facturo fait déjà</TextLink>.
      </p>
    </div>
  );
}
