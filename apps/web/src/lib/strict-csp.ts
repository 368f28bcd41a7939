import { config } from 'zod';

// Zod compiles object parsers with `new Function` when the page allows it. The shop's
// Content-Security-Policy forbids eval, and Chromium reports even zod's guarded probe as a
// violation, so the storefront validates without the compiler (forms are small; no loss).
config({ jitless: true });
