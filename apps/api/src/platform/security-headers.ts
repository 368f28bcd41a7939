import { createHash } from 'node:crypto';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from './api-prefix.ts';

type Directives = Record<string, string[]>;
type PolicyOptions = { https: boolean; imagesOrigin?: string; inlineScriptHashes: string[] };

/**
 * The SHA-256 (base64) of each script `html` runs inline, as CSP names them: the text between
 * `<script>` and `</script>` exactly. Data blocks (`type="application/json"`), which CSP does not
 * govern, and scripts from a file are left out.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) =>
    createHash('sha256').update(match[1]!, 'utf8').digest('base64'),
  );
}

/**
 * The storefront's Content-Security-Policy. Every script is a hashed file from our own origin,
 * but for the few lines the build puts inline in every page to load them (apps/web/src/boot.ts,
 * decision 111), which are allowed by their SHA-256 and nothing else. Styles are one built
 * stylesheet; React applies `style={{…}}` through the CSSOM, which CSP does not restrict, so
 * styles need no 'unsafe-inline' either. Images: our own (/images), data: URIs and blob: URLs
 * for the avatar preview before upload, and the origin of S3_PUBLIC_URL when images live in a bucket. Google sign-in and Stripe Checkout are top-level
 * redirects, which CSP does not govern, so neither origin appears here.
 */
export function storefrontDirectives(options: PolicyOptions): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...options.inlineScriptHashes.map((hash) => `'sha256-${hash}'`)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(options.imagesOrigin ? [options.imagesOrigin] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(options.https && { 'upgrade-insecure-requests': [] }),
  };
}

/**
 * Swagger UI (/api/docs only): its bundle injects a <style> element at run time, which Chromium
 * blocks without 'unsafe-inline' for styles (checked in the browser); its scripts are files from
 * our origin like the storefront's. The relaxation never reaches the shop's pages.
 */
export function docsDirectives(options: PolicyOptions): Directives {
  return {
    ...storefrontDirectives(options),
    'style-src': ["'self'", "'unsafe-inline'"],
  };
}

/** Features no page of the shop uses are switched off; payment stays for our own origin (checkout). */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'usb=()',
  'browsing-topics=()',
].join(', ');

const DOCS_PREFIX = `${API_PREFIX}/docs`;

/**
 * Security headers on every answer (pages, API, assets, images, errors) with Helmet: the CSP
 * above, no framing by any site (frame-ancestors 'none' and X-Frame-Options: DENY), nosniff, a
 * strict referrer policy, a Permissions-Policy, and HSTS only when the shop's public address is
 * https (sent over plain http it would be ignored, and on a LAN name it would lock browsers out).
 * Each policy is worked out once here and only applied per request: @fastify/helmet built Helmet
 * again from its options on every request, parsing the CSP each time, which cost a kept page or a
 * cached answer about a twentieth of its time (issue 25). Register before any route.
 * `pageTemplate` is the built storefront's index.html, whose inline scripts the policy allows.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; imagesUrl?: string; pageTemplate?: string },
) {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const imagesOrigin = options.imagesUrl ? new URL(options.imagesUrl).origin : undefined;
  const inlineScripts = inlineScriptHashes(options.pageTemplate ?? '');
  const withPolicy = (directives: Directives) =>
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Book covers may be shown by other sites and mail clients; everything else stays ours.
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
  const storefront = withPolicy(storefrontDirectives({ https, imagesOrigin, inlineScriptHashes: inlineScripts }));
  // Swagger UI's routes, and only they, get the docs policy; they run none of the page's inline scripts.
  const docs = withPolicy(docsDirectives({ https, imagesOrigin, inlineScriptHashes: [] }));

  app.addHook('onRequest', (request, reply, done) => {
    const setHeaders = request.routeOptions.url?.startsWith(DOCS_PREFIX) ? docs : storefront;
    // Helmet 8 throws what goes wrong; its callback is only told that it is done.
    setHeaders(request.raw, reply.raw, () => undefined);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/images/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
}
