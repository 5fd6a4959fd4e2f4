import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';
import { PublicLayout } from './public-layout';

const SiteLegalNoticePage = lazy(() =>
  import('./pages/site-legal-notice-page').then((m) => ({ default: m.SiteLegalNoticePage })),
);
const SignedInLegalMentions = lazy(() =>
  import('../legal-mentions/signed-in-legal-mentions').then((m) => ({ default: m.SignedInLegalMentions })),
);

/**
 * /mentions-legales is two pages (issue 7): signed out, the site's own legal notice (publisher, host);
 * signed in, the user's legal mentions settings inside the app. Each side loads only its own code.
 */
export function LegalNoticeSwitch() {
  const { user } = useSession();
  if (user) {
    return (
      <Suspense fallback={null}>
        <SignedInLegalMentions />
      </Suspense>
    );
  }
  return (
    <PublicLayout>
      <Suspense fallback={null}>
        <SiteLegalNoticePage />
      </Suspense>
    </PublicLayout>
  );
}
