import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  redirect,
  type HydrationState,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { RedirectWhenLoggedIn, RequireCustomer, RequireStaff } from '../features/auth/components/route-guards.tsx';
import { installSessionRefresh } from '../features/auth/session/session-store.ts';
import { HomePage } from '../features/catalogue/pages/home-page.tsx';
import { authorLoader, bookLoader, genreLoader, homeLoader, rootLoader, searchLoader } from './loaders.ts';
import { PageLoading } from '../ui/page-loading.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { basenameOf, type Locale } from '../lib/i18n/locale.ts';
import type { Area } from '../lib/i18n/catalogs.ts';
import { loadAreas } from '../lib/i18n/i18n.tsx';

/**
 * A page loaded on first visit, with the message areas it needs besides the shell's, so the home bundle stays small. The spinner shows inside the
 * layout while the first page of a session loads; later navigations keep the old page until
 * the new one is ready (the layout shows a progress bar).
 */
function lazyPage(
  load: () => Promise<{ Component: ComponentType }>,
  areas: readonly Area[] = [],
): Pick<NonIndexRouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    // The page's messages (decision 092) come with its code, so it never renders a missing one.
    lazy: () => Promise.all([load(), loadAreas(['common', ...areas])]).then(([page]) => page),
    HydrateFallback: PageLoading,
  };
}

/**
 * Paths come from the shared route table, which the server also uses to answer 404s. Arabic pages
 * are the same routes under the router's basename /ar (decision 089); the admin area is English
 * only, so an /ar/admin path is the Arabic 'Page Not Found'.
 */
function appRoutes(locale: Locale): RouteObject[] {
  return [
    {
      Component: RootLayout,
      loader: rootLoader,
      // Its settings change only with a restart: a navigation need not ask again.
      shouldRevalidate: () => false,
      // The first render in the browser waits for the settings (a moment): nothing rather than a
      // layout without the ribbon.
      HydrateFallback: () => null,
      ErrorBoundary: RouteError,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            // Rendered in the browser (the dev server, or a server render that fell back), the
            // router runs the loader before the first render; meanwhile the layout shows this.
            { path: Routes.home, Component: HomePage, loader: homeLoader, HydrateFallback: PageLoading },
            {
              path: Routes.book,
              loader: bookLoader,
              ...lazyPage(() => import('./book-route.tsx').then((m) => ({ Component: m.BookRoute })), ['book']),
            },
            {
              path: Routes.genre,
              loader: genreLoader,
              ...lazyPage(
                () => import('../features/catalogue/pages/genre-page.tsx').then((m) => ({ Component: m.GenrePage })),
                ['catalogue'],
              ),
            },
            {
              path: Routes.author,
              loader: authorLoader,
              ...lazyPage(
                () => import('../features/catalogue/pages/author-page.tsx').then((m) => ({ Component: m.AuthorPage })),
                ['catalogue'],
              ),
            },
            {
              path: Routes.search,
              loader: searchLoader,
              ...lazyPage(
                () =>
                  import('../features/catalogue/pages/search-results-page.tsx').then((m) => ({
                    Component: m.SearchResultsPage,
                  })),
                ['catalogue'],
              ),
            },
            {
              path: Routes.cart,
              ...lazyPage(() => import('./cart-route.tsx').then((m) => ({ Component: m.CartRoute })), ['cart']),
            },
            {
              path: Routes.shipping,
              ...lazyPage(
                () =>
                  import('../features/static-pages/pages/shipping-page.tsx').then((m) => ({
                    Component: m.ShippingPage,
                  })),
                ['info'],
              ),
            },
            {
              path: Routes.shippingTerms,
              ...lazyPage(
                () =>
                  import('../features/static-pages/pages/shipping-terms-page.tsx').then((m) => ({
                    Component: m.ShippingTermsPage,
                  })),
                ['info'],
              ),
            },
            {
              path: Routes.termsOfUse,
              ...lazyPage(
                () =>
                  import('../features/static-pages/pages/terms-of-use-page.tsx').then((m) => ({
                    Component: m.TermsOfUsePage,
                  })),
                ['info'],
              ),
            },
            {
              path: Routes.privacyPolicy,
              ...lazyPage(
                () => import('./static-page-routes.tsx').then((m) => ({ Component: m.PrivacyPolicyRoute })),
                ['info'],
              ),
            },
            {
              path: Routes.aboutUs,
              ...lazyPage(
                () =>
                  import('../features/static-pages/pages/about-us-page.tsx').then((m) => ({
                    Component: m.AboutUsPage,
                  })),
                ['info'],
              ),
            },
            {
              path: Routes.faqs,
              ...lazyPage(() => import('./static-page-routes.tsx').then((m) => ({ Component: m.FaqsRoute })), ['info']),
            },
            {
              path: Routes.contactUs,
              ...lazyPage(
                () =>
                  import('../features/support/pages/contact-us-page.tsx').then((m) => ({ Component: m.ContactUsPage })),
                ['info'],
              ),
            },
            // Accounts (spec section 2): someone already logged in is sent back to the origin.
            {
              element: <RedirectWhenLoggedIn area="customer" />,
              children: [
                {
                  path: Routes.login,
                  ...lazyPage(
                    () => import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
                    ['account'],
                  ),
                },
                {
                  path: Routes.register,
                  ...lazyPage(
                    () =>
                      import('../features/auth/pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
                    ['account'],
                  ),
                },
                {
                  path: Routes.emailConfirmation,
                  ...lazyPage(
                    () =>
                      import('../features/auth/pages/email-confirmation-page.tsx').then((m) => ({
                        Component: m.EmailConfirmationPage,
                      })),
                    ['account'],
                  ),
                },
              ],
            },
            {
              path: Routes.googleCallback,
              ...lazyPage(
                () =>
                  import('../features/auth/pages/google-callback-page.tsx').then((m) => ({
                    Component: m.GoogleCallbackPage,
                  })),
                ['account'],
              ),
            },
            {
              path: Routes.forgotPassword,
              ...lazyPage(
                () =>
                  import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({
                    Component: m.ForgotPasswordPage,
                  })),
                ['account'],
              ),
            },
            {
              path: Routes.resetPassword,
              ...lazyPage(
                () =>
                  import('../features/auth/pages/reset-password-page.tsx').then((m) => ({
                    Component: m.ResetPasswordPage,
                  })),
                ['account'],
              ),
            },
            // Account pages (/account, /add-address, /update-address/:id, /reviews/:id/:bookTitle,
            // /orders/:id, /wish-list, /checkout) go here: logged-out visitors are sent to /login.
            {
              element: <RequireCustomer />,
              children: [
                {
                  path: Routes.account,
                  ...lazyPage(
                    () => import('./account-route.tsx').then((m) => ({ Component: m.AccountRoute })),
                    ['account', 'orders', 'info'],
                  ),
                },
                {
                  path: Routes.wishList,
                  ...lazyPage(
                    () =>
                      import('../features/wishlist/pages/wish-list-page.tsx').then((m) => ({
                        Component: m.WishListPage,
                      })),
                    ['wishlist'],
                  ),
                },
                {
                  path: Routes.checkout,
                  ...lazyPage(
                    () => import('./checkout-routes.tsx').then((m) => ({ Component: m.CheckoutRoute })),
                    // 'account': the new-address form is the addresses feature's.
                    ['cart', 'checkout', 'account'],
                  ),
                },
                // The payment provider sends the customer back here. The API answers only the
                // session's owner, so these need the login too (decision 029).
                {
                  path: Routes.checkoutSuccess,
                  ...lazyPage(
                    () => import('./checkout-routes.tsx').then((m) => ({ Component: m.CheckoutSuccessRoute })),
                    // 'orders': the orders feature's receipt of the placed order.
                    ['cart', 'checkout', 'orders'],
                  ),
                },
                {
                  path: Routes.checkoutCancel,
                  ...lazyPage(
                    () => import('./checkout-routes.tsx').then((m) => ({ Component: m.CheckoutCancelRoute })),
                    ['cart', 'checkout'],
                  ),
                },
                {
                  path: Routes.order,
                  ...lazyPage(
                    () => import('../features/orders/pages/order-page.tsx').then((m) => ({ Component: m.OrderPage })),
                    ['orders'],
                  ),
                },
                {
                  path: Routes.addAddress,
                  ...lazyPage(
                    () =>
                      import('../features/addresses/pages/add-address-page.tsx').then((m) => ({
                        Component: m.AddAddressPage,
                      })),
                    ['account'],
                  ),
                },
                {
                  path: Routes.review,
                  ...lazyPage(
                    () =>
                      import('../features/reviews/pages/review-page.tsx').then((m) => ({ Component: m.ReviewPage })),
                    ['orders'],
                  ),
                },
                {
                  path: Routes.updateAddress,
                  ...lazyPage(
                    () =>
                      import('../features/addresses/pages/update-address-page.tsx').then((m) => ({
                        Component: m.UpdateAddressPage,
                      })),
                    ['account'],
                  ),
                },
              ],
            },

            ...(locale === 'en' ? adminRoutes() : []),
            {
              path: '*',
              ...lazyPage(() => import('./not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }))),
            },
          ],
        },
      ],
    },
  ];
}

export const routes = appRoutes('en');
export const arabicRoutes = appRoutes('ar');
export const routesFor = (locale: Locale) => (locale === 'ar' ? arabicRoutes : routes);

/** The admin area (spec section 2), in English only. */
function adminRoutes(): RouteObject[] {
  return [
    { path: Routes.admin, loader: () => redirect(Routes.adminDashboard) },
    {
      element: <RedirectWhenLoggedIn area="staff" />,
      children: [
        {
          path: Routes.adminLogin,
          ...lazyPage(
            () => import('../features/auth/pages/admin-login-page.tsx').then((m) => ({ Component: m.AdminLoginPage })),
            ['account'],
          ),
        },
        {
          path: Routes.adminRegister,
          ...lazyPage(
            () =>
              import('../features/auth/pages/admin-register-page.tsx').then((m) => ({
                Component: m.AdminRegisterPage,
              })),
            ['account'],
          ),
        },
        {
          path: Routes.adminEmailConfirmation,
          ...lazyPage(
            () =>
              import('../features/auth/pages/email-confirmation-page.tsx').then((m) => ({
                Component: m.AdminEmailConfirmationPage,
              })),
            ['account'],
          ),
        },
      ],
    },
    {
      path: Routes.adminForgotPassword,
      ...lazyPage(
        () =>
          import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({
            Component: m.AdminForgotPasswordPage,
          })),
        ['account'],
      ),
    },
    {
      path: Routes.adminResetPassword,
      ...lazyPage(
        () =>
          import('../features/auth/pages/reset-password-page.tsx').then((m) => ({
            Component: m.AdminResetPasswordPage,
          })),
        ['account'],
      ),
    },
    {
      element: <RequireStaff />,
      children: [
        {
          path: Routes.adminDashboard,
          ...lazyPage(() => import('./staff-dashboard-route.tsx').then((m) => ({ Component: m.StaffDashboardRoute }))),
          children: [
            {
              index: true,
              lazy: () =>
                import('../features/staff/pages/dashboard-home-page.tsx').then((m) => ({
                  Component: m.DashboardHomePage,
                })),
              HydrateFallback: PageLoading,
            },
            // Books (decision 034): each page checks the viewer's permissions itself and
            // shows a "not allowed" page to a role that may not use it.
            {
              path: Routes.adminBooks,
              ...lazyPage(() =>
                import('../features/staff/books/pages/books-page.tsx').then((m) => ({ Component: m.BooksPage })),
              ),
            },
            {
              path: Routes.adminAddBook,
              ...lazyPage(() =>
                import('../features/staff/books/pages/add-book-page.tsx').then((m) => ({
                  Component: m.AddBookPage,
                })),
              ),
            },
            {
              path: Routes.adminUpdateBook,
              ...lazyPage(() =>
                import('../features/staff/books/pages/update-book-page.tsx').then((m) => ({
                  Component: m.UpdateBookPage,
                })),
              ),
            },
            {
              path: Routes.adminStaff,
              ...lazyPage(() =>
                import('../features/staff/pages/staff-page.tsx').then((m) => ({ Component: m.StaffPage })),
              ),
            },
            {
              path: Routes.adminOrders,
              ...lazyPage(() => import('./admin-order-routes.tsx').then((m) => ({ Component: m.AdminOrdersRoute }))),
            },
            {
              path: Routes.adminOrder,
              ...lazyPage(
                () => import('./admin-order-routes.tsx').then((m) => ({ Component: m.AdminOrderRoute })),
                ['orders'],
              ),
            },
            {
              path: Routes.adminReturns,
              ...lazyPage(() => import('./admin-order-routes.tsx').then((m) => ({ Component: m.AdminReturnsRoute }))),
            },
            {
              path: Routes.adminSupport,
              ...lazyPage(
                () => import('./admin-support-routes.tsx').then((m) => ({ Component: m.AdminSupportRoute })),
                ['info'],
              ),
            },
            {
              path: Routes.adminSupportTicket,
              ...lazyPage(
                () => import('./admin-support-routes.tsx').then((m) => ({ Component: m.AdminTicketRoute })),
                ['info'],
              ),
            },
            {
              path: Routes.adminReviews,
              ...lazyPage(() => import('./admin-review-routes.tsx').then((m) => ({ Component: m.AdminReviewsRoute }))),
            },
            {
              path: Routes.adminVat,
              ...lazyPage(() => import('./admin-vat-route.tsx').then((m) => ({ Component: m.AdminVatRoute }))),
            },
            {
              path: Routes.adminProfile,
              // 'account': the profile and password forms are the account pages' own (in English here).
              ...lazyPage(
                () => import('./staff-profile-route.tsx').then((m) => ({ Component: m.StaffProfileRoute })),
                ['account'],
              ),
            },
          ],
        },
      ],
    },
  ];
}

/** The browser's router; `hydrationData` is what the server rendered the page with, when it did. */
export function createAppRouter(locale: Locale, hydrationData?: HydrationState) {
  const router = createBrowserRouter(routesFor(locale), { hydrationData, basename: basenameOf(locale) });
  // Spec section 4: when a session cannot be refreshed, the visitor goes to the home page.
  installSessionRefresh(() => router.navigate(Routes.home));
  return router;
}
