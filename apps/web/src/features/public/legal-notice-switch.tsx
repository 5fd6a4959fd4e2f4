import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

const SiteLegalNoticePage = lazy(() =>
  import('./pages/site-legal-notice-page').then((m) => ({ default: m.SiteLegalNoticePage })),
);
const LegalMentionsPage = lazy(() =>
  import('../legal-mentions/legal-mentions-page').then((m) => ({ default: m.LegalMentionsPage })),
);

/**
 * /mentions-legales is two pages (issue 7): signed out, the site's own legal notice (publisher, host);
 * signed in, the user's legal mentions settings, inside the app's frame (see SignedInArea). Each side
 * loads only its own code.
 */
export function LegalNoticeSwitch() {
  const { user } = useSession();
  return <Suspense fallback={null}>{user ? <LegalMentionsPage /> : <SiteLegalNoticePage />}</Suspense>;
}
