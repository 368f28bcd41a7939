/** Business constants of spec section 9, shared by the API and the storefront. */

export const CURRENCY = 'AED';

/**
 * A cookie scripts may read, set and cleared with the httpOnly refresh cookie: the storefront asks
 * for a token refresh only when it is there, so a logged-out visit makes no request that must fail
 * (decision 076). It says only that a session may exist; it grants nothing. (Here, not in auth.ts,
 * so the storefront's first script loads no zod schema: see lib/strict-csp.ts.)
 */
export const SESSION_MARKER_COOKIE = 'bookshop_session';

/**
 * The shop's clock (the UAE, UTC+4 all year): every date and time a person reads — pages, e-mails,
 * the card page, the orders export — and the days of the dashboard (decision 074; written by
 * `shop-clock.ts`). Migration 0016's per-day sales spell it out.
 */
export const SHOP_TIME_ZONE = 'Asia/Dubai';
/** Asia/Dubai's offset from UTC: +4 all year (the UAE keeps no daylight saving). */
export const SHOP_UTC_OFFSET_HOURS = 4;
export const PRICE_PREFIX = 'Dhs ';

/** Orders whose total is over this amount (in fils) ship for free. */
export const FREE_DELIVERY_THRESHOLD_FILS = 150_00;

export const PAGE_SIZE_OPTIONS = [5, 10, 15, 20, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MIN_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 25;
export const PAGE_BUTTONS_SHOWN = 5;

export const PRICE_SLIDER_MIN = 0;
export const PRICE_SLIDER_MAX = 1000;

export const SEARCH_DEBOUNCE_MS = 1000;
export const SEARCH_RESULTS_LIMIT = 10;
export const SEARCH_KEYWORD_MAX_LENGTH = 100;

/** The most authors one `GET v1/authors?search=…` answers: a picker's list, never the catalogue's (decision 097). */
export const AUTHOR_SEARCH_MAX_LIMIT = 20;
/** How many it answers when `limit` is left out. */
export const AUTHOR_SEARCH_DEFAULT_LIMIT = 10;
/** The picker asks once typing has paused this long: shorter than the book search's, names are short. */
export const AUTHOR_SEARCH_DEBOUNCE_MS = 300;

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
export const USERNAME_MIN_LENGTH = 4;
export const PASSWORD_MIN_LENGTH = 8;

export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp'] as const;
/**
 * Most pixels (width × height) an uploaded picture may have. 40 MP takes the usual photo of a
 * phone or camera (12–24 MP by default; a 50 MP or larger mode needs scaling down first) and
 * bounds what decoding one costs: a few kilobytes of PNG can declare 16383 × 16383 = 268 MP.
 */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;

/** Widths (px) every uploaded or generated image is stored at, as WebP. */
export const IMAGE_WIDTHS = [200, 400, 800] as const;
export const DEFAULT_IMAGE_WIDTH = 400;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const CACHE_TIMES = {
  genresAndAuthors: 30 * MINUTE,
  addresses: 24 * HOUR,
  shippingFees: HOUR,
  wishlist: HOUR,
  customerOrders: 168 * HOUR,
} as const;

export const TOAST_DURATIONS = {
  error: 5000,
  success: 3000,
  registrationNotice: 5000,
  default: 1000,
} as const;
export const NOTIFICATION_ANIMATION_MS = 300;

export const SCROLL_TO_TOP_AFTER_PX = 800;
