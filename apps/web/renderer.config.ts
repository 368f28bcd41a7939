import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/*
 * The storefront is written against React's API and rendered by Preact 11 through preact/compat,
 * on the server and in the browser, in the build and in the component tests (decision 054):
 * React DOM alone weighs 62 KB gzipped, Preact and its compat layer about 11, which is what lets
 * the home page's JavaScript stay under issue 11's 100 KB. Every import of React resolves here.
 */
export function rendererAliases({ production }: { production: boolean }): Alias[] {
  const reactRouter = fileURLToPath(import.meta.resolve('react-router')).replace(/index\.js$/, 'index.mjs');
  return [
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
    { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
    { find: /^react$/, replacement: 'preact/compat' },
    // React Router's package sends Node (tests, the server build) to its CommonJS files, which would
    // load React itself rather than these aliases, and every bundler to its development build; its
    // production build is the same code without the development warnings.
    {
      find: /^react-router$/,
      replacement: production ? reactRouter.replace('/development/', '/production/') : reactRouter,
    },
  ];
}
