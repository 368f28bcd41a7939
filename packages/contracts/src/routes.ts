/**
 * The storefront's route table. The web router and the server share it: the server answers a
 * path outside this table with HTTP 404 (the page still renders 'Page Not Found').
 */
export const Routes = {
  home: '/',
  cart: '/cart',
  book: '/books/:title',
  genre: '/genres/:genreName',
  author: '/authors/:authorName',
  /** Every book a keyword finds (`?keyword=…&pageNo=…&pageSize=…`), decision 088. */
  search: '/search',
  login: '/login',
  register: '/register',
  emailConfirmation: '/email-confirmation',
  googleCallback: '/auth/google/callback',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  addAddress: '/add-address',
  updateAddress: '/update-address/:id',
  review: '/reviews/:id/:bookTitle',
  account: '/account',
  order: '/orders/:id',
  wishList: '/wish-list',
  checkout: '/checkout',
  checkoutSuccess: '/checkout/success',
  checkoutCancel: '/checkout/cancel',
  shipping: '/shipping',
  shippingTerms: '/shipping/terms',
  termsOfUse: '/terms-of-use',
  privacyPolicy: '/privacy-policy',
  aboutUs: '/about-us',
  faqs: '/faqs',
  contactUs: '/contact-us',
  admin: '/admin',
  adminLogin: '/admin/login',
  adminRegister: '/admin/register',
  adminEmailConfirmation: '/admin/email-confirmation',
  adminForgotPassword: '/admin/forgot-password',
  adminResetPassword: '/admin/reset-password',
  adminDashboard: '/admin/dashboard',
  adminBooks: '/admin/dashboard/books',
  adminAddBook: '/admin/dashboard/add-book',
  adminOrders: '/admin/dashboard/orders',
  adminOrder: '/admin/dashboard/orders/:id',
  adminReturns: '/admin/dashboard/returns',
  adminUpdateBook: '/admin/dashboard/update-book/:id',
  adminProfile: '/admin/dashboard/profile',
  adminStaff: '/admin/dashboard/staff',
  adminSupport: '/admin/dashboard/support',
  adminSupportTicket: '/admin/dashboard/support/:id',
  adminReviews: '/admin/dashboard/reviews',
  adminVat: '/admin/dashboard/vat',
} as const;

export const bookPath = (title: string) => `/books/${encodeURIComponent(title)}`;
export const genrePath = (name: string) => `/genres/${encodeURIComponent(name)}`;
export const authorPath = (name: string) => `/authors/${encodeURIComponent(name)}`;
/** The search results page for a keyword (decision 088); no keyword, the page that asks for one. */
export const searchPath = (keyword: string) =>
  keyword.trim() ? `/search?${new URLSearchParams({ keyword: keyword.trim() }).toString()}` : '/search';
export const reviewPath = (bookId: number, title: string) => `/reviews/${bookId}/${encodeURIComponent(title)}`;

/**
 * The public pages the server renders (decision 053): the same for every visitor, so search
 * engines and link previews see them whole. The rest render in the browser.
 */
export const SERVER_RENDERED_ROUTES = [
  Routes.home,
  Routes.book,
  Routes.genre,
  Routes.author,
  Routes.search,
  Routes.shipping,
  Routes.shippingTerms,
  Routes.termsOfUse,
  Routes.privacyPolicy,
  Routes.aboutUs,
  Routes.faqs,
  Routes.contactUs,
] as const;

const segmentsOf = (pattern: string) => pattern.split('/').filter(Boolean);

/**
 * A browser path (no query string) as its decoded segments: split before decoding, so a title
 * holding '/' ('AC/DC', sent as 'AC%2FDC') stays one segment. Throws URIError on a malformed
 * percent-encoding.
 */
export const pageSegments = (pathname: string): string[] => pathname.split('/').filter(Boolean).map(decodeURIComponent);

function matcher(table: readonly string[]) {
  const patterns = table.map(segmentsOf);
  return (segments: readonly string[]) =>
    patterns.some(
      (pattern) =>
        pattern.length === segments.length &&
        pattern.every((part, i) => (part.startsWith(':') ? segments[i]!.length > 0 : part === segments[i])),
    );
}

/** True when a browser path, as its `pageSegments`, is one of the storefront's pages. */
export const isKnownRoute: (segments: readonly string[]) => boolean = matcher(Object.values(Routes));

/** True when the server renders the page at this path (as its `pageSegments`). */
export const isServerRendered: (segments: readonly string[]) => boolean = matcher(SERVER_RENDERED_ROUTES);

/** The first segment of every Arabic page: the storefront's routes again under /ar (decision 089). */
const ARABIC_SEGMENT = 'ar';

/** A storefront path's Arabic page: '/books/Emma' → '/ar/books/Emma', '/' → '/ar'. */
export const arabicPath = (path: string) => (path === '/' ? `/${ARABIC_SEGMENT}` : `/${ARABIC_SEGMENT}${path}`);

/** True when a browser path, as its `pageSegments`, is one of the Arabic storefront's pages (no admin area). */
const isKnownArabicRoute = matcher(Object.values(Routes).filter((route) => !route.startsWith(Routes.admin)));

/**
 * A path's page in either language: its language and its segments without the /ar prefix, with
 * whether the page exists in that language (the admin area is English only).
 */
export function pageOf(segments: readonly string[]): {
  locale: 'en' | 'ar';
  segments: readonly string[];
  known: boolean;
} {
  if (segments[0] !== ARABIC_SEGMENT) return { locale: 'en', segments, known: isKnownRoute(segments) };
  const rest = segments.slice(1);
  return { locale: 'ar', segments: rest, known: isKnownArabicRoute(rest) };
}
