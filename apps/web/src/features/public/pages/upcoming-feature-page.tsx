import { UPCOMING_FEATURE_PATHS, type UpcomingFeature } from '@facturo/shared/public-pages';
import { usePageMeta } from '../page-meta';

/** Placeholder until the page's content lands. */
export function UpcomingFeaturePage({ feature }: { feature: UpcomingFeature }) {
  usePageMeta(UPCOMING_FEATURE_PATHS[feature]);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{feature}</h1>
    </div>
  );
}
