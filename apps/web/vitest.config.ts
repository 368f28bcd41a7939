import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { compiledCatalogs } from './i18n-catalogs.config.ts';
import { rendererAliases } from './renderer.config.ts';

export default defineProject({
  // The message catalogues compile as in the build (decision 089).
  plugins: [compiledCatalogs()],
  resolve: {
    alias: [
      ...rendererAliases({ production: false }),
      // Testing Library's CommonJS entry would load React DOM itself; its ES module entry is aliased.
      {
        find: /^@testing-library\/react$/,
        replacement: fileURLToPath(
          new URL('../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
        ),
      },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A worker's files share its window and the packages it has loaded; each still imports the
    // app's modules afresh on a blank document (src/test/setup.ts, decision 117). `--isolate`
    // gives each file a worker of its own again.
    isolate: false,
    // The libraries that import React go through the aliases above, so they render with Preact as
    // in the build (decision 054).
    server: {
      deps: {
        inline: [/@testing-library\/react/, /react-router/, /@tanstack\/react-query/, /react-hook-form/, /@hookform\//],
      },
    },
  },
});
