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

/**
 * A page loaded on first visit, so the home bundle stays small. The spinner shows inside the
 * layout while the first page of a session loads; later navigations keep the old page until
 * the new one is ready (the layout shows a progress bar).
 */
function lazyPage(
  load: () => Promise<{ Component: ComponentType }>,
): Pick<NonIndexRouteObject, 'lazy' | 'HydrateFallback'> {
  return { lazy: load, HydrateFallback: PageLoading };
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
              ...lazyPage(() => import('./book-route.tsx').then((m) => ({ Component: m.BookRoute }))),
            },
            {
              path: Routes.genre,
              loader: genreLoader,
              ...lazyPage(() =>
                import('../features/catalogue/pages/genre-page.tsx').then((m) => ({ Component: m.GenrePage })),
              ),
            },
            {
              path: Routes.author,
              loader: authorLoader,
              ...lazyPage(() =>
                import('../features/catalogue/pages/author-page.tsx').then((m) => ({ Component: m.AuthorPage })),
              ),
            },
            {
              path: Routes.search,
              loader: searchLoader,
              ...lazyPage(() =>
                import('../features/catalogue/pages/search-results-page.tsx').then((m) => ({
                  Component: m.SearchResultsPage,
                })),
              ),
            },
            {
              path: Routes.cart,
              ...lazyPage(() => import('./cart-route.tsx').then((m) => ({ Component: m.CartRoute }))),
            },
            {
              path: Routes.shipping,
              ...lazyPage(() =>
                import('../features/static-pages/pages/shipping-page.tsx').then((m) => ({ Component: m.ShippingPage })),
              ),
            },
            {
              path: Routes.shippingTerms,
              ...lazyPage(() =>
                import('../features/static-pages/pages/shipping-terms-page.tsx').then((m) => ({
                  Component: m.ShippingTermsPage,
                })),
              ),
            },
            {
              path: Routes.termsOfUse,
              ...lazyPage(() =>
                import('../features/static-pages/pages/terms-of-use-page.tsx').then((m) => ({
                  Component: m.TermsOfUsePage,
                })),
              ),
            },
            {
              path: Routes.privacyPolicy,
              ...lazyPage(() => import('./static-page-routes.tsx').then((m) => ({ Component: m.PrivacyPolicyRoute }))),
            },
            {
              path: Routes.aboutUs,
              ...lazyPage(() =>
                import('../features/static-pages/pages/about-us-page.tsx').then((m) => ({ Component: m.AboutUsPage })),
              ),
            },
            {
              path: Routes.faqs,
              ...lazyPage(() => import('./static-page-routes.tsx').then((m) => ({ Component: m.FaqsRoute }))),
            },
            {
              path: Routes.contactUs,
              ...lazyPage(() =>
                import('../features/support/pages/contact-us-page.tsx').then((m) => ({ Component: m.ContactUsPage })),
              ),
            },
            // Accounts (spec section 2): someone already logged in is sent back to the origin.
            {
              element: <RedirectWhenLoggedIn area="customer" />,
              children: [
                {
                  path: Routes.login,
                  ...lazyPage(() =>
                    import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
                  ),
                },
                {
                  path: Routes.register,
                  ...lazyPage(() =>
                    import('../features/auth/pages/register-page.tsx').then((m) => ({ Component: m.RegisterPage })),
                  ),
                },
                {
                  path: Routes.emailConfirmation,
                  ...lazyPage(() =>
                    import('../features/auth/pages/email-confirmation-page.tsx').then((m) => ({
                      Component: m.EmailConfirmationPage,
                    })),
                  ),
                },
              ],
            },
            {
              path: Routes.googleCallback,
              ...lazyPage(() =>
                import('../features/auth/pages/google-callback-page.tsx').then((m) => ({
                  Component: m.GoogleCallbackPage,
                })),
              ),
            },
            {
              path: Routes.forgotPassword,
              ...lazyPage(() =>
                import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({
                  Component: m.ForgotPasswordPage,
                })),
              ),
            },
            {
              path: Routes.resetPassword,
              ...lazyPage(() =>
                import('../features/auth/pages/reset-password-page.tsx').then((m) => ({
                  Component: m.ResetPasswordPage,
                })),
              ),
            },
            // Account pages (/account, /add-address, /update-address/:id, /reviews/:id/:bookTitle,
            // /orders/:id, /wish-list, /checkout) go here: logged-out visitors are sent to /login.
            {
              element: <RequireCustomer />,
              children: [
                {
                  path: Routes.account,
                  ...lazyPage(() => import('./account-route.tsx').then((m) => ({ Component: m.AccountRoute }))),
                },
                {
                  path: Routes.wishList,
                  ...lazyPage(() =>
                    import('../features/wishlist/pages/wish-list-page.tsx').then((m) => ({
                      Component: m.WishListPage,
                    })),
                  ),
                },
                {
                  path: Routes.checkout,
                  ...lazyPage(() => import('./checkout-routes.tsx').then((m) => ({ Component: m.CheckoutRoute }))),
                },
                // The payment provider sends the customer back here. The API answers only the
                // session's owner, so these need the login too (decision 029).
                {
                  path: Routes.checkoutSuccess,
                  ...lazyPage(() =>
                    import('./checkout-routes.tsx').then((m) => ({ Component: m.CheckoutSuccessRoute })),
                  ),
                },
                {
                  path: Routes.checkoutCancel,
                  ...lazyPage(() =>
                    import('./checkout-routes.tsx').then((m) => ({ Component: m.CheckoutCancelRoute })),
                  ),
                },
                {
                  path: Routes.order,
                  ...lazyPage(() =>
                    import('../features/orders/pages/order-page.tsx').then((m) => ({ Component: m.OrderPage })),
                  ),
                },
                {
                  path: Routes.addAddress,
                  ...lazyPage(() =>
                    import('../features/addresses/pages/add-address-page.tsx').then((m) => ({
                      Component: m.AddAddressPage,
                    })),
                  ),
                },
                {
                  path: Routes.review,
                  ...lazyPage(() =>
                    import('../features/reviews/pages/review-page.tsx').then((m) => ({ Component: m.ReviewPage })),
                  ),
                },
                {
                  path: Routes.updateAddress,
                  ...lazyPage(() =>
                    import('../features/addresses/pages/update-address-page.tsx').then((m) => ({
                      Component: m.UpdateAddressPage,
                    })),
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
          ...lazyPage(() =>
            import('../features/auth/pages/admin-login-page.tsx').then((m) => ({ Component: m.AdminLoginPage })),
          ),
        },
        {
          path: Routes.adminRegister,
          ...lazyPage(() =>
            import('../features/auth/pages/admin-register-page.tsx').then((m) => ({
              Component: m.AdminRegisterPage,
            })),
          ),
        },
        {
          path: Routes.adminEmailConfirmation,
          ...lazyPage(() =>
            import('../features/auth/pages/email-confirmation-page.tsx').then((m) => ({
              Component: m.AdminEmailConfirmationPage,
            })),
          ),
        },
      ],
    },
    {
      path: Routes.adminForgotPassword,
      ...lazyPage(() =>
        import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({
          Component: m.AdminForgotPasswordPage,
        })),
      ),
    },
    {
      path: Routes.adminResetPassword,
      ...lazyPage(() =>
        import('../features/auth/pages/reset-password-page.tsx').then((m) => ({
          Component: m.AdminResetPasswordPage,
        })),
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
              ...lazyPage(() => import('./admin-order-routes.tsx').then((m) => ({ Component: m.AdminOrderRoute }))),
            },
            {
              path: Routes.adminReturns,
              ...lazyPage(() => import('./admin-order-routes.tsx').then((m) => ({ Component: m.AdminReturnsRoute }))),
            },
            {
              path: Routes.adminSupport,
              ...lazyPage(() => import('./admin-support-routes.tsx').then((m) => ({ Component: m.AdminSupportRoute }))),
            },
            {
              path: Routes.adminSupportTicket,
              ...lazyPage(() => import('./admin-support-routes.tsx').then((m) => ({ Component: m.AdminTicketRoute }))),
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
              ...lazyPage(() => import('./staff-profile-route.tsx').then((m) => ({ Component: m.StaffProfileRoute }))),
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
