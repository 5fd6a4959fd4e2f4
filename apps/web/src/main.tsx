import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from './components/ui/toaster';
import './index.css';
import { createQueryClient } from './lib/query-client';
import { SessionProvider } from './lib/session';
import { discardIncompleteSession } from './lib/session-store';
import { routes } from './routes';

discardIncompleteSession();

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable dans index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
