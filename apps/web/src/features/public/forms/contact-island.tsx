import { IslandQueryClient } from '../islands/island-query-client';
import { ContactForm } from './contact-form';

/** /contact's form as an island of the static page (features/public/islands). */
export function ContactIsland() {
  return (
    <IslandQueryClient>
      <ContactForm />
    </IslandQueryClient>
  );
}
