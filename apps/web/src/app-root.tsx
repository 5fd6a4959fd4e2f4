import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { Toaster } from './components/ui/toaster';
import { SessionProvider } from './lib/session';

/**
 * The providers around the router, written once: the browser (main.tsx) and the build-time prerender
 * (entry-prerender.tsx) must render the very same tree for hydration to take over the static HTML.
 */
export function AppRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          {children}
          <Toaster />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
