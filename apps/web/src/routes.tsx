import { useEffect } from 'react';
import { Navigate, Outlet, type RouteObject, ScrollRestoration, useNavigate } from 'react-router';
import { LoginPage } from './features/auth/login-page';
import { RegisterPage } from './features/auth/register-page';
import { ResetPasswordConfirmPage } from './features/auth/reset-password-confirm-page';
import { ResetPasswordPage } from './features/auth/reset-password-page';
import { VerifyEmailPage } from './features/auth/verify-email-page';
import { ClientsPage } from './features/clients/clients-page';
import { HomePage } from './features/home/home-page';
import { InvoiceDetailPage } from './features/invoices/detail/invoice-detail-page';
import { InvoiceEditPage } from './features/invoices/detail/invoice-edit-page';
import { InvoicesPage } from './features/invoices/list/invoices-page';
import { LegalMentionsPage } from './features/legal-mentions/legal-mentions-page';
import { ComingSoonPage } from './features/placeholders/coming-soon-page';
import { PublicPlaceholderPage } from './features/placeholders/public-placeholder-page';
import { AppShell } from './features/shell/app-shell';
import { SubscriptionPage } from './features/subscription/subscription-page';
import { TestCheckoutPage } from './features/subscription/test-checkout-page';
import { fallbackPathFor, LOGIN_PATH, type RouteAccess, redirectFor } from './lib/access';
import { setUnauthorizedHandler } from './lib/api';
import { useSession } from './lib/session';

/** Root of every route: lets the API wrapper send an expired session to /login without a page reload. */
function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate(LOGIN_PATH, { replace: true }));
  }, [navigate]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shows the child routes, or redirects as lib/access decides for this kind of route. */
function Guard({ access }: { access: RouteAccess }) {
  const { user } = useSession();
  const target = redirectFor(access, user);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}

function UnknownPath() {
  const { user } = useSession();
  return <Navigate to={fallbackPathFor(user)} replace />;
}

const publicPlaceholders: Array<[path: string, title: string]> = [
  ['/features', 'Fonctionnalités'],
  ['/contact', 'Contact'],
  ['/privacy', 'Politique de confidentialité'],
  ['/terms', "Conditions générales d'utilisation"],
  ['/devenir-client', 'Devenir client'],
  ['/blog', 'Blog'],
];

/** SPEC §2. Pages of later issues are placeholders that already sit behind their final guard. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <Guard access="public" />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          ...publicPlaceholders.map(([path, title]) => ({
            path,
            element: <PublicPlaceholderPage title={title} />,
          })),
          // Landing calls to action that, for now, mean "sign up".
          { path: '/create-invoice', element: <Navigate to="/register" replace /> },
          { path: '/try', element: <Navigate to="/register" replace /> },
        ],
      },
      {
        element: <Guard access="always" />,
        children: [
          { path: '/reset-password-confirm', element: <ResetPasswordConfirmPage /> },
          { path: '/verify-email', element: <VerifyEmailPage /> },
        ],
      },
      {
        element: <Guard access="signedIn" />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: '/factures', element: <InvoicesPage /> },
              { path: '/factures/:id', element: <InvoiceDetailPage /> },
              { path: '/mentions-legales', element: <LegalMentionsPage /> },
              { path: '/messages', element: <ComingSoonPage title="Messages" /> },
              {
                element: <Guard access="pro" />,
                children: [
                  { path: '/factures/create', element: <InvoicesPage startCreating /> },
                  { path: '/factures/:id/edit', element: <InvoiceEditPage /> },
                  { path: '/clients', element: <ClientsPage /> },
                  { path: '/subscription', element: <SubscriptionPage /> },
                  // Where the server's test mode sends the browser instead of a payment provider.
                  { path: '/subscription/checkout/test', element: <TestCheckoutPage /> },
                ],
              },
              {
                element: <Guard access="admin" />,
                children: [{ path: '/admin', element: <ComingSoonPage title="Administration" /> }],
              },
            ],
          },
        ],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];
