/**
 * Where the JSON API is served. Everything else belongs to the storefront (platform/web.ts), the
 * short links (/s/{id}), robots.txt and sitemap.xml, and the sandbox's payment page.
 */
export const API_PREFIX = '/api';
