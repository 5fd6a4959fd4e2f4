import { UPCOMING_FEATURE_PATHS, UPCOMING_FEATURES } from '@facturo/shared/public-pages';
import { IslandQueryClient } from '../islands/island-query-client';
import { WaitlistForm } from './waitlist-form';

/**
 * The waitlist form as an island of an upcoming feature's static page: the feature is the page's, read
 * from its path (the same table the routes are made from).
 */
export function WaitlistIsland({ path }: { path: string }) {
  const feature = UPCOMING_FEATURES.find((candidate) => UPCOMING_FEATURE_PATHS[candidate] === path);
  if (!feature) return null;
  return (
    <IslandQueryClient>
      <WaitlistForm feature={feature} />
    </IslandQueryClient>
  );
}
