import path from 'node:path';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');

/**
 * Cross-feature imports kept on purpose (decision 066): the staff pages of orders and support
 * show the customer feature's own views of an order and a ticket. Add to this list only with a
 * decision saying why the shared code cannot live in src/ui or src/lib.
 */
const ALLOWED_CROSS_FEATURE = new Set(['admin-orders -> orders', 'admin-support -> support']);

/** 'features/cart', 'app', 'ui', 'lib' (or undefined outside those) for a path under apps/web/src. */
function zoneOf(file) {
  const [top, name] = path.relative(WEB_SRC, file).split(path.sep);
  if (top === 'features' && name) return `features/${name}`;
  return ['app', 'ui', 'lib'].includes(top) ? top : undefined;
}

/**
 * The web app's one-way zones (CONVENTIONS.md, decision 066): src/app composes features; features
 * never import src/app or each other; src/ui and src/lib never import features or src/app.
 * Resolving each relative specifier against the importing file catches `../cart/…`,
 * `../../../features/cart/…` and `import()` from any depth, which path patterns in
 * no-restricted-imports cannot.
 */
const importZones = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        "{{from}} must not import {{to}} ('{{source}}'); compose them in src/app or move the shared code to src/ui or src/lib.",
      upward: "{{from}} must not import {{to}} ('{{source}}'); only src/app composes features.",
    },
    schema: [],
  },
  create(context) {
    const from = zoneOf(context.filename);
    const check = (node) => {
      const source = node?.type === 'Literal' ? node.value : undefined;
      if (!from || typeof source !== 'string' || !source.startsWith('.')) return;
      const to = zoneOf(path.resolve(path.dirname(context.filename), source));
      if (!to || to === from) return;
      const data = { from, to, source };
      if (from.startsWith('features/') && to.startsWith('features/')) {
        const pair = `${from.slice('features/'.length)} -> ${to.slice('features/'.length)}`;
        if (!ALLOWED_CROSS_FEATURE.has(pair)) context.report({ node, messageId: 'crossFeature', data });
      } else if (to === 'app' || (to.startsWith('features/') && (from === 'ui' || from === 'lib'))) {
        context.report({ node, messageId: 'upward', data });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * Decision 063: an API module reaches another only through its service (`service.ts`, auth's
 * `*-service.ts`/`services.ts`, orders' `lifecycle.ts`, payments' `provider.ts` interface) and
 * types; never its `queries.ts`,
 * and its tables (`schema.ts`) only from a `schema.ts`, for foreign keys. `from` is how a file
 * names the modules folder: `../` inside a module, `../modules/` from the seed.
 */
const moduleBoundaries = (from, { tables = true, services = true } = {}) => [
  {
    regex: `^${from}[a-z-]+/queries\\.ts$`,
    message: "Another module's queries.ts is its own: call its service.ts with your { tx } (decision 063).",
  },
  ...(services
    ? [
        {
          regex: `^${from}[a-z-]+/(?!(?:[a-z-]+-)?services?\\.ts$|lifecycle\\.ts$|schema\\.ts$|queries\\.ts$|provider\\.ts$)[^/]+$`,
          allowTypeImports: true,
          message: 'Another module is reached through its service.ts (types excepted) (decision 063).',
        },
      ]
    : []),
  ...(tables
    ? [
        {
          regex: `^${from}[a-z-]+/schema\\.ts$`,
          allowTypeImports: true,
          message:
            "Another module's tables are read and written by that module: call its service.ts; only a schema.ts imports them, for foreign keys (decision 063).",
        },
      ]
    : []),
];
const restrictImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/migrations/**',
      // Checked by tsc against the client generated from the OpenAPI document (npm run lint:openapi).
      'apps/api/openapi/**',
      '**/*.mjs',
      // Served as they are (the favicon).
      'apps/web/public/**',
      '**/*.config.ts',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Decision 062: who may call a route is decided before its body is read or validated.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Property[key.name=/^(preParsing|preValidation|preHandler)$/] :matches(Identifier[name=/^require[A-Z]/], CallExpression > Identifier.callee[name=/^require[A-Z]/])',
          message: 'Auth guards run in onRequest (decision 062): before the body is parsed or validated.',
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/schema.ts'],
    rules: restrictImports(moduleBoundaries('\\.\\./')),
  },
  {
    files: ['apps/api/src/modules/*/schema.ts'],
    rules: restrictImports(moduleBoundaries('\\.\\./', { tables: false })),
  },
  {
    files: ['apps/api/src/seed/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(moduleBoundaries('\\.\\./modules/')),
  },
  // Listed exceptions to decision 063's boundaries; each file here may break only the one rule named.
  {
    // Kept: customers and staff mount auth's account route plugins (register, login, profile and
    // the session cookie are written once for both person types, decision 065's auth split).
    files: ['apps/api/src/modules/customers/routes.ts', 'apps/api/src/modules/staff/routes.ts'],
    rules: restrictImports(moduleBoundaries('\\.\\./', { services: false })),
  },
  {
    // Kept: read-only joins on auth's accounts for the name or address beside a row in a page that
    // is filtered and ordered by it (orders' staff list and export, reviews' authors, tickets'
    // senders, the staff table over its own role column): one statement instead of an id list.
    files: [
      'apps/api/src/modules/orders/queries.ts',
      'apps/api/src/modules/reviews/queries.ts',
      'apps/api/src/modules/staff/queries.ts',
      'apps/api/src/modules/support/queries.ts',
    ],
    rules: restrictImports(moduleBoundaries('\\.\\./', { tables: false })),
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['apps/web/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      // The spec gives tables explicit ARIA roles (table, rowgroup, row, cell, columnheader).
      'jsx-a11y/no-redundant-roles': ['error', { table: ['table'], thead: ['rowgroup'], tbody: ['rowgroup'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': [
        'error',
        { tr: ['row'], td: ['cell'], th: ['columnheader'] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    plugins: { bookshop: { rules: { 'import-zones': importZones } } },
    rules: { 'bookshop/import-zones': 'error' },
  },
);
