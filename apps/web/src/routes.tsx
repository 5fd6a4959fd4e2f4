import type { UpcomingFeature } from '@facturo/shared/public-pages';
import { UPCOMING_FEATURE_PATHS, UPCOMING_FEATURES } from '@facturo/shared/public-pages';
import { type ComponentType, useEffect } from 'react';
import {
  Navigate,
  Outlet,
  type RouteObject,
  ScrollRestoration,
  useLocation,
  useNavigate,
} from 'react-router';
import { LinkComponentContext } from './components/ui/app-link';
import { RouterLink } from './components/ui/router-link';
import { archiveRedirectFor } from './features/account-archive/archive-access';
import { LegalNoticeSwitch } from './features/public/legal-notice-switch';
import { PublicLayout } from './features/public/public-layout';
import { SignedInArea } from './features/shell/signed-in-area';
import { fallbackPathFor, LOGIN_PATH, type RouteAccess, redirectFor } from './lib/access';
import { setUnauthorizedHandler } from './lib/api';
import { useSession } from './lib/session';

/**
 * Root of every route: lets the API wrapper send an expired session to /login without a page reload, and
 * makes the shared parts' links (AppLink) the router's.
 */
function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate(LOGIN_PATH, { replace: true }));
  }, [navigate]);
  return (
    <LinkComponentContext value={RouterLink}>
      <Outlet />
      <ScrollRestoration />
    </LinkComponentContext>
  );
}

/** Shows the child routes, or redirects as lib/access decides for this kind of route. */
function Guard({ access }: { access: RouteAccess }) {
  const { user } = useSession();
  const target = redirectFor(access, user);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}

/** A closed account's read-only session: its archive's screens only, anything else back to its home. */
function ArchiveGuard() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const target = archiveRedirectFor(user, pathname);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}

function UnknownPath() {
  const { user } = useSession();
  return <Navigate to={fallbackPathFor(user)} replace />;
}

/**
 * Route-level code splitting (issue 7): every page is its own chunk, so the public site never downloads
 * the signed-in app. `page` keeps each entry to one line.
 */
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

const upcomingPage = (feature: UpcomingFeature): RouteObject => ({
  path: UPCOMING_FEATURE_PATHS[feature],
  ...page(async () => {
    const { UpcomingFeaturePage } = await import('./features/public/pages/upcoming-feature-page');
    return () => <UpcomingFeaturePage feature={feature} />;
  }),
});

/** SPEC §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <Guard access="public" />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                path: '/',
                ...page(async () => (await import('./features/public/landing/landing-page')).LandingPage),
              },
              {
                path: '/features',
                ...page(async () => (await import('./features/public/pages/features-page')).FeaturesPage),
              },
              {
                path: '/contact',
                ...page(async () => (await import('./features/public/pages/contact-page')).ContactPage),
              },
              {
                path: '/privacy',
                ...page(async () => (await import('./features/public/pages/privacy-page')).PrivacyPage),
              },
              {
                path: '/terms',
                ...page(async () => (await import('./features/public/pages/terms-page')).TermsPage),
              },
              {
                path: '/devenir-client',
                ...page(
                  async () => (await import('./features/public/pages/become-client-page')).BecomeClientPage,
                ),
              },
              {
                path: '/blog',
                ...page(async () => (await import('./features/public/pages/blog-page')).BlogPage),
              },
              ...UPCOMING_FEATURES.map(upcomingPage),
            ],
          },
          { path: '/login', ...page(async () => (await import('./features/auth/login-page')).LoginPage) },
          {
            path: '/register',
            ...page(async () => (await import('./features/auth/register-page')).RegisterPage),
          },
          {
            path: '/reset-password',
            ...page(async () => (await import('./features/auth/reset-password-page')).ResetPasswordPage),
          },
          // The landing's calls to action: creating an invoice and trying both start with an account.
          { path: '/create-invoice', element: <Navigate to="/register" replace /> },
          { path: '/try', element: <Navigate to="/register" replace /> },
        ],
      },
      {
        element: <Guard access="always" />,
        children: [
          {
            path: '/reset-password-confirm',
            ...page(
              async () =>
                (await import('./features/auth/reset-password-confirm-page')).ResetPasswordConfirmPage,
            ),
          },
          {
            path: '/invitation',
            ...page(async () => (await import('./features/invitation/invitation-page')).InvitationPage),
          },
          {
            // An invoice's signed link: readable whether signed in or not.
            path: '/facture-en-ligne/:token',
            ...page(async () => (await import('./features/invoice-link/invoice-link-page')).InvoiceLinkPage),
          },
          {
            // A quote's signed link, the same way.
            path: '/devis-en-ligne/:token',
            ...page(async () => (await import('./features/quote-link/quote-link-page')).QuoteLinkPage),
          },
          {
            path: '/verify-email',
            ...page(async () => (await import('./features/auth/verify-email-page')).VerifyEmailPage),
          },
          {
            path: '/unlock-login',
            ...page(async () => (await import('./features/auth/unlock-login-page')).UnlockLoginPage),
          },
        ],
      },
      {
        // One frame for every signed-in page, kept mounted across them (the invoice in progress lives in it);
        // signed out, only /mentions-legales is shown here, as the site's legal notice.
        element: <SignedInArea />,
        children: [
          {
            element: <ArchiveGuard />,
            children: [
              { path: '/mentions-legales', element: <LegalNoticeSwitch /> },
              {
                element: <Guard access="signedIn" />,
                children: [
                  {
                    path: '/factures',
                    ...page(
                      async () => (await import('./features/invoices/list/invoices-page')).InvoicesPage,
                    ),
                  },
                  // Issue 17: the figures (a particulier's own too); signing in still lands on /factures.
                  {
                    path: '/tableau-de-bord',
                    ...page(async () => (await import('./features/dashboard/dashboard-page')).DashboardPage),
                  },
                  {
                    path: '/factures/:id',
                    ...page(
                      async () =>
                        (await import('./features/invoices/detail/invoice-detail-page')).InvoiceDetailPage,
                    ),
                  },
                  // Quotes (issue 15): a particulier reads and answers the quotes addressed to them.
                  {
                    path: '/devis',
                    ...page(async () => (await import('./features/quotes/list/quotes-page')).QuotesPage),
                  },
                  {
                    path: '/devis/:id',
                    ...page(
                      async () =>
                        (await import('./features/quotes/detail/quote-detail-page')).QuoteDetailPage,
                    ),
                  },
                  {
                    path: '/messages',
                    ...page(async () => (await import('./features/messages/messages-page')).MessagesPage),
                  },
                  {
                    element: <Guard access="pro" />,
                    children: [
                      {
                        path: '/factures/create',
                        ...page(async () => {
                          const { InvoicesPage } = await import('./features/invoices/list/invoices-page');
                          return () => <InvoicesPage startCreating />;
                        }),
                      },
                      {
                        path: '/factures/:id/edit',
                        ...page(
                          async () =>
                            (await import('./features/invoices/detail/invoice-edit-page')).InvoiceEditPage,
                        ),
                      },
                      {
                        path: '/devis/create',
                        ...page(
                          async () =>
                            (await import('./features/quotes/edit/quote-create-page')).QuoteCreatePage,
                        ),
                      },
                      {
                        path: '/devis/:id/edit',
                        ...page(
                          async () => (await import('./features/quotes/edit/quote-edit-page')).QuoteEditPage,
                        ),
                      },
                      {
                        path: '/clients',
                        ...page(async () => (await import('./features/clients/clients-page')).ClientsPage),
                      },
                      // Issue 18: books and proof.
                      {
                        path: '/comptabilite',
                        ...page(
                          async () => (await import('./features/accounting/accounting-page')).AccountingPage,
                        ),
                      },
                      // Issue 19: the e-invoicing reform.
                      {
                        path: '/factures-fournisseurs',
                        ...page(
                          async () =>
                            (await import('./features/supplier-invoices/supplier-invoices-page'))
                              .SupplierInvoicesPage,
                        ),
                      },
                      {
                        path: '/factures-fournisseurs/:id',
                        ...page(
                          async () =>
                            (await import('./features/supplier-invoices/supplier-invoice-page'))
                              .SupplierInvoicePage,
                        ),
                      },
                      {
                        path: '/facturation-electronique',
                        ...page(
                          async () => (await import('./features/einvoicing/einvoicing-page')).EInvoicingPage,
                        ),
                      },
                      // The professional's profile in sections (issue 12); /mentions-legales shows the same page.
                      {
                        path: '/profil',
                        ...page(async () => (await import('./features/profile/profile-page')).ProfilePage),
                      },
                      {
                        path: '/subscription',
                        ...page(
                          async () =>
                            (await import('./features/subscription/subscription-page')).SubscriptionPage,
                        ),
                      },
                      // Where the server's test mode sends the browser instead of a payment provider.
                      {
                        path: '/subscription/checkout/test',
                        ...page(
                          async () =>
                            (await import('./features/subscription/test-checkout-page')).TestCheckoutPage,
                        ),
                      },
                    ],
                  },
                  {
                    element: <Guard access="admin" />,
                    children: [
                      {
                        path: '/admin',
                        ...page(async () => (await import('./features/admin/admin-page')).AdminPage),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];
