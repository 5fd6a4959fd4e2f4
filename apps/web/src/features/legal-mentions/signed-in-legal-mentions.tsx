import { AppShell } from '../shell/app-shell';
import { LegalMentionsPage } from './legal-mentions-page';

/** The settings page in its app frame, as one chunk that signed-out visitors never load. */
export function SignedInLegalMentions() {
  return (
    <AppShell>
      <LegalMentionsPage />
    </AppShell>
  );
}
