import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../../../lib/query-client';

/**
 * react-query for one island of a static page, which has no app around it (main.tsx's AppRoot): its own
 * client, with the app's defaults (lib/query-client.ts).
 */
export function IslandQueryClient({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
