// Zod compiles object parsers with `new Function` when the page allows it. The shop's
// Content-Security-Policy forbids eval, and Chromium reports even zod's guarded probe as a
// violation, so the storefront validates without the compiler (forms are small; no loss).
// Zod keeps its settings on this global (shared by every copy of zod); setting it here instead
// of calling `config()` keeps zod out of the home page's JavaScript, since only lazily loaded
// forms use it. strict-csp.test.ts checks that zod still reads it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
